/**
 * Temporary files of atomic writes under way (issue 26 item 11). A write killed before its rename leaves its
 * `.part` file beside the target, which may be any folder the save dialog offered: the next write to the same name
 * removes it, but a name that is never written again kept it for ever. So each write notes its temporary file in
 * the data folder's `pending-files/` until it is renamed or removed, and at start the app removes the temporary
 * files noted by processes that are gone.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { processAlive } from '../ground/process-alive.js';

let journalDir: string | undefined;

/** The journal's folder in a data folder. */
export function tempJournalDir(dataDir: string): string {
  return path.join(dataDir, 'pending-files');
}

/** Notes the temporary files of later writes in `dir` (set at start; one journal per process). */
export function useTempJournal(dir: string | undefined): void {
  journalDir = dir;
}

/** The writing process of a temporary file, from its name (`.<target>.<pid>.<hex>.part`). */
function pidOf(temp: string): number | undefined {
  const m = /\.(\d+)\.[0-9a-f]{8}\.part$/.exec(temp);
  return m ? Number(m[1]) : undefined;
}

/** Notes `temp` before it is created; the returned function forgets it once the file is renamed or removed. */
export async function noteTemp(temp: string): Promise<() => Promise<void>> {
  const dir = journalDir;
  if (!dir) return async () => undefined;
  const note = path.join(dir, `${path.basename(temp)}.note`);
  // Never recreates a data folder that is gone (a test's, removed): then nothing is noted.
  const made = await fsp.mkdir(dir).then(
    () => true,
    (e: NodeJS.ErrnoException) => e.code === 'EEXIST',
  );
  if (!made) return async () => undefined;
  await fsp.writeFile(note, temp, { mode: 0o600 });
  return () => fsp.rm(note, { force: true });
}

/** Removes the temporary files noted in `dir` by processes that are gone, and their notes. Returns how many files. */
export function removeOrphanTemps(dir: string): number {
  let notes: string[];
  try {
    notes = fs.readdirSync(dir).filter((n) => n.endsWith('.note'));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of notes) {
    const note = path.join(dir, name);
    let temp: string;
    try {
      temp = fs.readFileSync(note, 'utf8');
    } catch {
      continue;
    }
    const pid = pidOf(temp);
    // Only our own temporary files, and only those whose writer is gone.
    if (!path.isAbsolute(temp) || !temp.endsWith('.part') || pid === undefined || pid === process.pid || processAlive(pid)) continue;
    if (fs.existsSync(temp)) {
      fs.rmSync(temp, { force: true });
      removed++;
    }
    fs.rmSync(note, { force: true });
  }
  return removed;
}

/** At start: sweeps what killed writes left, then notes this run's writes in the same journal. */
export function startTempJournal(dataDir: string, log?: (line: string) => void): void {
  const dir = tempJournalDir(dataDir);
  const removed = removeOrphanTemps(dir);
  if (removed) log?.(`Removed ${removed} unfinished export file(s) a stopped run had left.`);
  useTempJournal(dir);
}
