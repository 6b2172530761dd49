import fs from 'node:fs';
import { writeFileAtomicallySync } from '../files/atomic-file.js';
import type { ProfileStore, StoredProfile } from './ports.js';
import type { ProfileSafety } from '../../shared/rules/profiles/types.js';
import { toSafety } from '../../shared/rules/profiles/safety.js';

interface FileShape {
  activeId?: string;
  profiles: StoredProfile[];
  /** Safety mode and production flag by profile id, the built-in profiles' too. */
  safety?: Record<string, ProfileSafety>;
}

/**
 * Profiles for browser mode and tests, in one JSON file written atomically (temp file, fsync, rename).
 * It holds names and URLs only: keys never go in it.
 */
export function createJsonProfileStore(file: string): ProfileStore {
  const read = (): FileShape => {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as FileShape;
      const safety = parsed.safety && typeof parsed.safety === 'object' ? parsed.safety : undefined;
      return { activeId: parsed.activeId, profiles: Array.isArray(parsed.profiles) ? parsed.profiles : [], ...(safety ? { safety } : {}) };
    } catch {
      return { profiles: [] };
    }
  };
  const write = (data: FileShape) => writeFileAtomicallySync(file, JSON.stringify(data, null, 2), 0o600);
  return {
    list: () => read().profiles,
    save(profile) {
      const data = read();
      write({ ...data, profiles: [...data.profiles.filter((p) => p.id !== profile.id), profile] });
    },
    remove(id) {
      const data = read();
      write({ ...data, profiles: data.profiles.filter((p) => p.id !== id), activeId: data.activeId === id ? undefined : data.activeId });
    },
    activeId: () => read().activeId,
    setActiveId(id) {
      write({ ...read(), activeId: id });
    },
    safetyOf(id) {
      const stored = read().safety?.[id];
      return stored ? toSafety(stored) : undefined;
    },
    setSafety(id, safety) {
      const data = read();
      write({ ...data, safety: { ...data.safety, [id]: toSafety(safety) } });
    },
  };
}
