// SECURITY.md D1: the cache runs in WAL, with synchronous documented (NORMAL), foreign keys on and a busy timeout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { CACHE_PAGE_SIZE, CACHE_PRAGMAS, openCacheDatabase } from '../../main/cache/database.js';
import type { CacheDatabase } from '../../main/cache/types.js';

const opened: CacheDatabase[] = [];
const dirs: string[] = [];

function open(): CacheDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-cache-pragmas-'));
  dirs.push(dir);
  const cache = openCacheDatabase(path.join(dir, 'profiles', 'p1', 'cache.sqlite'), { log: () => undefined });
  opened.push(cache);
  return cache;
}

afterEach(() => {
  for (const c of opened.splice(0)) c.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('cache pragmas (D1)', () => {
  it('reads back exactly the exported values', () => {
    const { db } = open();
    const readBack = Object.fromEntries(Object.keys(CACHE_PRAGMAS).map((name) => [name, db.pragma(name, { simple: true })]));
    expect(readBack).toEqual(CACHE_PRAGMAS);
  });

  it('uses WAL, synchronous NORMAL, foreign keys on and a 5 s busy timeout', () => {
    const { db } = open();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('gives a new file 16 KiB pages and leaves an existing file its own', () => {
    const fresh = open();
    expect(fresh.db.pragma('page_size', { simple: true })).toBe(CACHE_PAGE_SIZE);
    expect(CACHE_PAGE_SIZE).toBe(16_384);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-cache-pragmas-'));
    dirs.push(dir);
    const file = path.join(dir, 'cache.sqlite');
    const old = new Database(file);
    old.exec('create table made_before (x integer)');
    old.close();
    const reopened = openCacheDatabase(file, { log: () => undefined });
    opened.push(reopened);
    expect(reopened.db.pragma('page_size', { simple: true })).toBe(4096);
    expect(reopened.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(reopened.setAsideAs).toBeUndefined();
  });

  it('creates the profile folder and keeps WAL after a reopen', () => {
    const first = open();
    expect(fs.existsSync(first.file)).toBe(true);
    first.close();
    const again = openCacheDatabase(first.file, { log: () => undefined });
    opened.push(again);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(again.setAsideAs).toBeUndefined();
  });
});
