/**
 * Setting a damaged cache file aside (SECURITY.md D3). The database, its -wal and its -shm move together
 * under one name, `<file>.corrupt-<stamp>` (+ `-wal`, `-shm`), so the set stays a consistent database that a
 * person can still open for a post-mortem. For the cache only the newest KEEP_SET_ASIDE sets are kept: a cache
 * is refetchable, and a disk that keeps corrupting files must not fill up with copies. The audit log passes
 * `keep: Infinity`: its sets are history that exists nowhere else, so none is ever deleted.
 */
import fs from 'node:fs';
import path from 'node:path';

export const KEEP_SET_ASIDE = 3;

/**
 * The database and the companions SQLite may keep next to it (-journal only in rollback mode). The main file
 * moves last: if a rename fails half-way, an old -wal must never be left beside a new, empty database.
 */
const COMPANIONS = ['-wal', '-shm', '-journal', ''] as const;

/** 2024-05-01T10:20:30.123Z -> 20240501T102030123Z: sortable, and no ':' (not allowed in Windows names). */
function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One set aside: the database name and all its files. */
interface AsideSet {
  readonly name: string;
  readonly stamp: string;
  readonly n: number;
  readonly files: string[];
}

/** The sets aside in the folder of `file`, newest first. */
function setsOf(file: string): AsideSet[] {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const re = new RegExp(`^(${escapeRegExp(base)}\\.corrupt-(\\d{8}T\\d{9}Z)(?:-(\\d+))?)(-wal|-shm|-journal)?$`);
  const sets = new Map<string, AsideSet>();
  for (const entry of fs.readdirSync(dir)) {
    const m = re.exec(entry);
    if (!m) continue;
    const name = m[1]!;
    const set = sets.get(name) ?? { name, stamp: m[2]!, n: Number(m[3] ?? 0), files: [] };
    set.files.push(path.join(dir, entry));
    sets.set(name, set);
  }
  return [...sets.values()].sort((a, b) => (a.stamp === b.stamp ? b.n - a.n : a.stamp < b.stamp ? 1 : -1));
}

/**
 * Renames the database and its companions to `<file>.corrupt-<stamp>[-n]`, then deletes all but the newest
 * `keep` sets (default KEEP_SET_ASIDE; Infinity keeps every one). The connection must be closed first (Windows
 * cannot rename an open file). Returns the path the database was moved to.
 */
export function setAside(file: string, now: Date, keep: number = KEEP_SET_ASIDE): string {
  const stamp = stampOf(now);
  // Set-asides in the same millisecond (tests, a loop of failures) count up past the newest one with that stamp,
  // so the newest set always sorts first even after older ones were pruned.
  const same = setsOf(file).filter((s) => s.stamp === stamp);
  let n = same.length > 0 ? Math.max(...same.map((s) => s.n)) + 1 : 0;
  const nameOf = (k: number) => `${file}.corrupt-${stamp}${k > 0 ? `-${k}` : ''}`;
  while (COMPANIONS.some((s) => fs.existsSync(nameOf(n) + s))) n++;
  const target = nameOf(n);
  for (const suffix of COMPANIONS) {
    try {
      fs.renameSync(file + suffix, target + suffix);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  if (keep === Infinity) return target;
  // Never the set just made, even if the clock went back and older stamps look newer.
  const older = setsOf(file).filter((s) => s.name !== path.basename(target));
  for (const old of older.slice(Math.max(keep - 1, 0))) {
    for (const f of old.files) fs.rmSync(f, { force: true });
  }
  return target;
}

/** For tests and diagnostics: the set-aside database names, newest first. */
export function listSetAside(file: string): string[] {
  return setsOf(file).map((s) => path.join(path.dirname(file), s.name));
}
