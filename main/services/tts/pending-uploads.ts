/**
 * Saves whose stored object may have no row yet (issue 26 item 11). Save uploads the audio, then inserts its row: a
 * kill between the two leaves an object nothing points to, which no screen shows and nothing would remove. So
 * Save writes an entry here (a small file, written atomically) before the upload and removes it once the row is
 * in; an entry left by a process that is gone is settled at the next start: the object is removed unless a row
 * holds its path. Only this app's own unfinished saves are touched, never what another client uploads meanwhile.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { writeFileAtomicallySync } from '../../files/atomic-file.js';
import { processAlive } from '../../ground/process-alive.js';

export interface PendingUpload {
  readonly bucket: string;
  readonly path: string;
  /** The saving process: an entry of a live process is a save still under way. */
  readonly pid: number;
  readonly at: string;
}

export class UploadJournal {
  constructor(readonly dir: string) {}

  /** Notes an upload about to start; the returned function forgets it (call it once the row is in, or the object gone). */
  begin(bucket: string, objectPath: string): () => void {
    const file = path.join(this.dir, `${crypto.randomUUID()}.json`);
    const entry: PendingUpload = { bucket, path: objectPath, pid: process.pid, at: new Date().toISOString() };
    writeFileAtomicallySync(file, JSON.stringify(entry));
    return () => fs.rmSync(file, { force: true });
  }

  /** Entries whose process is gone, with their files; unreadable entries (a torn write cannot happen) are skipped. */
  stale(): Array<{ readonly file: string; readonly entry: PendingUpload }> {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const out: Array<{ file: string; entry: PendingUpload }> = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      try {
        const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as PendingUpload;
        if (entry.pid !== process.pid && !processAlive(entry.pid)) out.push({ file, entry });
      } catch {
        // Removed meanwhile, or not ours: left alone.
      }
    }
    return out;
  }
}

/**
 * Settles the saves a killed process left: an object no row of tts_generated_audio points to is removed; an entry
 * whose row exists is simply dropped. An entry the backend could not answer for stays for the next start.
 */
export async function settlePendingUploads(db: SupabaseClient, journal: UploadJournal): Promise<{ removed: number; kept: number }> {
  let removed = 0;
  let kept = 0;
  for (const { file, entry } of journal.stale()) {
    const rows = await db.from('tts_generated_audio').select('id').eq('file_path', entry.path).limit(1);
    if (rows.error) {
      kept++;
      continue;
    }
    if ((rows.data ?? []).length === 0) {
      const gone = await db.storage.from(entry.bucket).remove([entry.path]);
      if (gone.error) {
        kept++;
        continue;
      }
      removed++;
    }
    fs.rmSync(file, { force: true });
  }
  return { removed, kept };
}
