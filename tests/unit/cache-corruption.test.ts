// SECURITY.md D3: quick_check on open; a damaged cache is set aside (db, -wal, -shm together) and replaced by
// a new, empty one that refills from the backend. Fixtures are built here from a real cache file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_PAGE_SIZE, openCacheDatabase } from '../../main/cache/database.js';
import { KEEP_SET_ASIDE, listSetAside } from '../../main/cache/set-aside.js';
import type { CacheDatabase } from '../../main/cache/types.js';

/** The page size of a cache file this app creates: the fixtures damage whole pages. */
const PAGE = CACHE_PAGE_SIZE;
const MARKER = 'OLD-CACHE-CONTENT';
const T = '2024-05-01T10:00:00.000Z';

let dir: string;
let file: string;
let lines: string[];
const opened: CacheDatabase[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-cache-corrupt-'));
  file = path.join(dir, 'cache.sqlite');
  lines = [];
});

afterEach(() => {
  for (const c of opened.splice(0)) c.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(now?: Date): CacheDatabase {
  const cache = openCacheDatabase(file, { log: (l) => lines.push(l), ...(now ? { now: () => now } : {}) });
  opened.push(cache);
  return cache;
}

/**
 * A real cache at `file` with 350 kept reads checkpointed into the database and the last 50 rewritten (same
 * size) in the -wal, so the fixture has all three files. Same-size rewrites touch only leaf pages, so page 1
 * (the header) is not in the -wal: otherwise SQLite would read the good header from there and rightly ignore
 * a garbled one in the main file. The files are copied while the writer is open (closing would fold the -wal
 * into the database and delete it).
 */
function validCacheWithWal(): void {
  const src = path.join(dir, 'src', 'cache.sqlite');
  const c = openCacheDatabase(src, { log: () => undefined });
  const payload = (i: number, v: number) => ({ marker: MARKER, i, v, text: `${MARKER} `.repeat(10) });
  for (let i = 0; i < 350; i++) c.reads.put('u1', `op-${i}`, '', payload(i, 1), T);
  c.db.pragma('wal_checkpoint(TRUNCATE)');
  c.db.pragma('wal_autocheckpoint = 0');
  for (let i = 300; i < 350; i++) c.reads.put('u1', `op-${i}`, '', payload(i, 2), T);
  for (const s of ['', '-wal', '-shm']) fs.copyFileSync(src + s, file + s);
  c.close();
  fs.rmSync(path.dirname(src), { recursive: true });
}

function overwrite(at: number, bytes: Buffer): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.writeSync(fd, bytes, 0, bytes.length, at);
  } finally {
    fs.closeSync(fd);
  }
}

const fixtures: Record<string, () => void> = {
  'garbled header (first 100 bytes overwritten)': () => {
    validCacheWithWal();
    overwrite(0, Buffer.alloc(100, 0xa7));
  },
  'truncated file (1.5 pages left)': () => {
    validCacheWithWal();
    fs.truncateSync(file, PAGE * 1.5);
  },
  'a garbage page in the middle': () => {
    validCacheWithWal();
    const pages = fs.statSync(file).size / PAGE;
    overwrite(PAGE * Math.floor(pages / 2), Buffer.alloc(PAGE, 0x5a));
  },
  'a wrong freelist count in the header (quick_check reports a problem without throwing)': () => {
    validCacheWithWal();
    const count = Buffer.alloc(4);
    count.writeUInt32BE(99_999);
    overwrite(36, count);
  },
  'not a database at all': () => {
    fs.writeFileSync(file, `${MARKER}\n`.repeat(2000));
  },
};

/** Everything the new cache keeps on disk, to prove no old content carried over. */
function newCacheBytes(): string {
  return ['', '-wal', '-shm']
    .filter((s) => fs.existsSync(file + s))
    .map((s) => fs.readFileSync(file + s).toString('latin1'))
    .join('');
}

describe('a damaged cache is set aside and replaced (D3)', () => {
  for (const [name, make] of Object.entries(fixtures)) {
    it(name, () => {
      make();
      const hadWal = fs.existsSync(`${file}-wal`);
      const hadShm = fs.existsSync(`${file}-shm`);
      const before = { db: fs.readFileSync(file), wal: hadWal ? fs.readFileSync(`${file}-wal`) : undefined };

      const cache = open(new Date('2024-06-01T12:00:00.000Z'));

      expect(cache.setAsideAs).toBe(`${file}.corrupt-20240601T120000000Z`);
      const aside = cache.setAsideAs!;
      expect(fs.existsSync(aside)).toBe(true);
      // The set moves together, untouched: the check runs read-only, so SQLite neither folds nor deletes
      // the -wal while closing the damaged file.
      expect(fs.existsSync(`${aside}-wal`)).toBe(hadWal);
      expect(fs.existsSync(`${aside}-shm`)).toBe(hadShm);
      if (name !== 'not a database at all') expect(hadWal && hadShm).toBe(true);
      // Byte for byte as they were (the -shm is only SQLite's index of the -wal, rebuilt at will).
      expect(fs.readFileSync(aside).equals(before.db)).toBe(true);
      if (before.wal) expect(fs.readFileSync(`${aside}-wal`).equals(before.wal)).toBe(true);

      // A working, empty cache with the current schema and a clean integrity check.
      expect(cache.db.pragma('quick_check', { simple: true })).toBe('ok');
      expect(cache.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(cache.db.prepare('select count(*) as n from kept_reads').get()).toEqual({ n: 0 });
      expect(cache.reads.get('u1', 'op-1', '')).toBeUndefined();
      expect(cache.reads.get('u1', 'op-320', '')).toBeUndefined();
      cache.reads.put('u1', 'op-1', '', { fresh: true }, T);
      expect(cache.reads.get('u1', 'op-1', '')?.data).toEqual({ fresh: true });
      expect(newCacheBytes()).not.toContain(MARKER);

      // One log line says what happened, without any of the data.
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/set aside as cache\.sqlite\.corrupt-20240601T120000000Z.*rebuilt from the backend/);
      expect(lines[0]).not.toContain(MARKER);

      // And the next open finds it healthy.
      cache.close();
      expect(open().setAsideAs).toBeUndefined();
    });
  }

  it('a healthy cache is not set aside and keeps its data', () => {
    validCacheWithWal();
    const cache = open();
    expect(cache.setAsideAs).toBeUndefined();
    expect(cache.reads.get('u1', 'op-340', '')?.data).toMatchObject({ i: 340, v: 2 }); // read through the -wal
    expect(lines).toEqual([]);
    expect(listSetAside(file)).toEqual([]);
  });

  it(`keeps only the ${KEEP_SET_ASIDE} newest sets after 5 corruptions`, () => {
    for (let i = 0; i < 5; i++) {
      fixtures['garbled header (first 100 bytes overwritten)']!();
      const cache = open(new Date(Date.UTC(2024, 5, 1, 12, 0, i)));
      expect(cache.setAsideAs).toBeDefined();
      cache.close();
      opened.pop();
    }
    const kept = listSetAside(file).map((p) => path.basename(p));
    expect(kept).toEqual(['cache.sqlite.corrupt-20240601T120004000Z', 'cache.sqlite.corrupt-20240601T120003000Z', 'cache.sqlite.corrupt-20240601T120002000Z']);
    const asideFiles = fs
      .readdirSync(dir)
      .filter((f) => f.includes('.corrupt-'))
      .sort();
    expect(asideFiles).toEqual(kept.flatMap((k) => [k, `${k}-shm`, `${k}-wal`]).sort());
  });

  it('sets aside in the same millisecond without overwriting, still keeping the newest 3', () => {
    const now = new Date('2024-06-01T12:00:00.000Z');
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      fixtures['not a database at all']!();
      const cache = open(now);
      names.push(path.basename(cache.setAsideAs!));
      cache.close();
      opened.pop();
    }
    const stamp = 'cache.sqlite.corrupt-20240601T120000000Z';
    expect(names).toEqual([stamp, `${stamp}-1`, `${stamp}-2`, `${stamp}-3`, `${stamp}-4`]);
    expect(listSetAside(file).map((p) => path.basename(p))).toEqual([`${stamp}-4`, `${stamp}-3`, `${stamp}-2`]);
  });

  it('never prunes the set just made, even when the clock went back', () => {
    for (const second of [10, 11, 12, 1]) {
      fixtures['not a database at all']!();
      open(new Date(Date.UTC(2024, 5, 1, 12, 0, second))).close();
      opened.pop();
    }
    expect(listSetAside(file).map((p) => path.basename(p))).toEqual([
      'cache.sqlite.corrupt-20240601T120012000Z',
      'cache.sqlite.corrupt-20240601T120011000Z',
      'cache.sqlite.corrupt-20240601T120001000Z',
    ]);
  });

  it('a cache written by a newer app version is set aside rather than misread', () => {
    const c = open();
    c.db.pragma('user_version = 999');
    c.close();
    const cache = open();
    expect(cache.setAsideAs).toBeDefined();
    expect(lines.at(-1)).toContain('newer version');
    expect(cache.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
  });
});
