import fs from 'node:fs';
import path from 'node:path';
import type { ProfileStore, StoredProfile } from './ports.js';

interface FileShape {
  activeId?: string;
  profiles: StoredProfile[];
}

/**
 * Profiles for browser mode and tests, in one JSON file written atomically (temp file + rename).
 * It holds names and URLs only: keys never go in it.
 */
export function createJsonProfileStore(file: string): ProfileStore {
  const read = (): FileShape => {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as FileShape;
      return { activeId: parsed.activeId, profiles: Array.isArray(parsed.profiles) ? parsed.profiles : [] };
    } catch {
      return { profiles: [] };
    }
  };
  const write = (data: FileShape) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(data, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
  };
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
  };
}
