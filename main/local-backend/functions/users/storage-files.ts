/**
 * The files behind a deleted user's storage objects. They are moved aside before the transaction commits and
 * removed after it; if anything fails they are moved back. So a failed deletion leaves every file in place, and a
 * completed one leaves none (the move is a rename within the storage folder: it cannot half-happen).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { writeFileAtomically } from '../../../files/atomic-file.js';
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

const exists = (file: string) =>
  fsp.access(file).then(
    () => true,
    () => false,
  );

const PARKED = '.deleting';
const MANIFEST = 'manifest.json';

export async function setAsideFiles(root: string, objects: readonly StoredObject[]): Promise<SetAside> {
  const trash = path.join(path.resolve(root), PARKED, crypto.randomUUID());
  const moved: Moved[] = [];
  // Written (fsynced) before any file moves, so a start after a kill knows where each parked file came from.
  if (objects.length) {
    await fsp.mkdir(trash, { recursive: true });
    await writeFileAtomically(path.join(trash, MANIFEST), [
      JSON.stringify(objects.map((o, i) => ({ id: o.id, bucket_id: o.bucket_id, name: o.name, file: String(i) }))),
    ]);
  }
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

interface ParkedEntry {
  readonly id: string;
  readonly bucket_id: string;
  readonly name: string;
  readonly file: string;
}

/**
 * On start, what a killed deletion left in storage/.deleting is settled by what the database committed: a parked
 * file whose object row still exists (the transaction never committed) goes back; one whose row is gone is removed
 * (the deletion committed, the discard never ran). Returns how many files went back and how many were removed.
 */
export async function settleParkedFiles(db: Pick<pg.Pool, 'query'>, root: string): Promise<{ restored: number; removed: number }> {
  const parked = path.join(path.resolve(root), PARKED);
  const batches = await fsp.readdir(parked).catch(() => [] as string[]);
  let restored = 0;
  let removed = 0;
  for (const batch of batches) {
    const dir = path.join(parked, batch);
    let entries: ParkedEntry[] | undefined;
    try {
      entries = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as ParkedEntry[];
    } catch {
      entries = undefined;
    }
    // No manifest: killed before it was complete, so before any file moved; nothing of the user's is here.
    if (entries) {
      const ids = entries.map((e) => e.id);
      const { rows } = await db.query<{ id: string }>('select id::text from storage.objects where id = any($1::uuid[])', [ids]);
      const live = new Set(rows.map((r) => r.id));
      for (const e of entries) {
        const parkedFile = path.join(dir, path.basename(e.file));
        if (!(await exists(parkedFile))) continue;
        const home = objectFile(root, e.bucket_id, e.name);
        if (live.has(e.id) && home && !(await exists(home))) {
          await fsp.mkdir(path.dirname(home), { recursive: true });
          await fsp.rename(parkedFile, home);
          restored++;
        } else {
          await fsp.rm(parkedFile, { force: true });
          removed++;
        }
      }
    }
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return { restored, removed };
}
