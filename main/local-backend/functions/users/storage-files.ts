/**
 * The files behind a deleted user's storage objects. They are moved aside before the transaction commits and
 * removed after it; if anything fails they are moved back. So a failed deletion leaves every file in place, and a
 * completed one leaves none (the move is a rename within the storage folder: it cannot half-happen).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { StoredObject } from './impact.js';

interface Moved {
  readonly from: string;
  readonly to: string;
}

export interface SetAside {
  /** After the commit: the files are gone for good. */
  discard(): Promise<void>;
  /** After a rollback: every file is back where it was. */
  restore(): Promise<void>;
}

/** The file of an object, or undefined when its name would leave the bucket's folder (never trusted blindly). */
export function objectFile(root: string, bucket: string, name: string): string | undefined {
  const dir = path.resolve(root, bucket);
  const file = path.resolve(dir, name);
  return dir.startsWith(path.resolve(root) + path.sep) && file.startsWith(dir + path.sep) ? file : undefined;
}

const exists = (file: string) => fsp.access(file).then(() => true, () => false);

export async function setAsideFiles(root: string, objects: readonly StoredObject[]): Promise<SetAside> {
  const trash = path.join(root, '.deleting', crypto.randomUUID());
  const moved: Moved[] = [];
  const restore = async () => {
    for (const m of moved.reverse()) await fsp.rename(m.to, m.from).catch(() => undefined);
    moved.length = 0;
    await fsp.rm(trash, { recursive: true, force: true });
  };
  try {
    for (const [i, o] of objects.entries()) {
      const file = objectFile(root, o.bucket_id, o.name);
      // An object row without its file (or with an unsafe name) has nothing on disk to move.
      if (!file || !(await exists(file))) continue;
      const to = path.join(trash, String(i));
      await fsp.mkdir(trash, { recursive: true });
      await fsp.rename(file, to);
      moved.push({ from: file, to });
    }
  } catch (err) {
    await restore();
    throw err;
  }
  return {
    discard: () => fsp.rm(trash, { recursive: true, force: true }),
    restore,
  };
}
