import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../main/cache/database.js';
import { writeTransaction } from '../../main/cache/transaction.js';
import type { CacheDatabase } from '../../main/cache/types.js';

let dir: string;
let cache: CacheDatabase;
let lines: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-cache-reads-'));
  lines = [];
  cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: (l) => lines.push(l) });
});

afterEach(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const T1 = '2024-05-01T10:00:00.000Z';
const T2 = '2024-05-02T11:30:00.000Z';

describe('ReadCache', () => {
  it('returns undefined for a read never kept', () => {
    expect(cache.reads.get('u1', 'users.list', '{}')).toBeUndefined();
  });

  it('keeps data and fetch time, and a put overwrites the previous one', () => {
    const data = { rows: [{ id: 'a', name: 'Ünïcode ✓', n: 1.5, ok: true, none: null }], total: 1 };
    cache.reads.put('u1', 'users.list', '{"page":1}', data, T1);
    expect(cache.reads.get('u1', 'users.list', '{"page":1}')).toEqual({ data, fetchedAt: T1 });

    cache.reads.put('u1', 'users.list', '{"page":1}', { rows: [], total: 0 }, T2);
    expect(cache.reads.get('u1', 'users.list', '{"page":1}')).toEqual({ data: { rows: [], total: 0 }, fetchedAt: T2 });
    expect(cache.db.prepare('select count(*) as n from kept_reads').get()).toEqual({ n: 1 });
  });

  it('keeps scalars, null and undefined (as null)', () => {
    cache.reads.put('u1', 'a', '', 42, T1);
    cache.reads.put('u1', 'b', '', null, T1);
    cache.reads.put('u1', 'c', '', undefined, T1);
    cache.reads.put('u1', 'd', '', 'text', T1);
    expect(cache.reads.get('u1', 'a', '')?.data).toBe(42);
    expect(cache.reads.get('u1', 'b', '')?.data).toBeNull();
    expect(cache.reads.get('u1', 'c', '')).toEqual({ data: null, fetchedAt: T1 });
    expect(cache.reads.get('u1', 'd', '')?.data).toBe('text');
  });

  it('tells operations and inputs apart', () => {
    cache.reads.put('u1', 'users.list', '{"page":1}', 'p1', T1);
    cache.reads.put('u1', 'users.list', '{"page":2}', 'p2', T1);
    cache.reads.put('u1', 'feedback.list', '{"page":1}', 'f1', T1);
    expect(cache.reads.get('u1', 'users.list', '{"page":2}')?.data).toBe('p2');
    expect(cache.reads.get('u1', 'feedback.list', '{"page":1}')?.data).toBe('f1');
    expect(cache.reads.get('u1', 'feedback.list', '{"page":2}')).toBeUndefined();
  });

  it("isolates users: one user never sees another user's kept reads", () => {
    cache.reads.put('u1', 'users.list', '{}', { who: 'u1' }, T1);
    cache.reads.put('u2', 'users.list', '{}', { who: 'u2' }, T2);
    expect(cache.reads.get('u1', 'users.list', '{}')?.data).toEqual({ who: 'u1' });
    expect(cache.reads.get('u2', 'users.list', '{}')?.data).toEqual({ who: 'u2' });
    expect(cache.reads.get('u3', 'users.list', '{}')).toBeUndefined();
  });

  it("clearUser deletes all of that user's rows and nobody else's", () => {
    for (const op of ['a', 'b', 'c']) {
      cache.reads.put('u1', op, '{}', op, T1);
      cache.reads.put('u2', op, '{}', op, T1);
    }
    cache.reads.clearUser('u1');
    const rows = cache.db.prepare('select user_id as u, count(*) as n from kept_reads group by user_id').all();
    expect(rows).toEqual([{ u: 'u2', n: 3 }]);
    expect(cache.reads.get('u1', 'a', '{}')).toBeUndefined();
    expect(cache.reads.get('u2', 'a', '{}')?.data).toBe('a');
    cache.reads.clearUser('nobody'); // no rows: no error
  });

  it('clearUser survives a reopen (the delete is committed)', () => {
    cache.reads.put('u1', 'a', '{}', 1, T1);
    cache.reads.clearUser('u1');
    cache.close();
    cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
    expect(cache.reads.get('u1', 'a', '{}')).toBeUndefined();
  });

  it('treats unreadable JSON as missing, deletes it, and never throws', () => {
    cache.db
      .prepare('insert into kept_reads (user_id, op, input_key, data, fetched_at) values (?, ?, ?, ?, ?)')
      .run('u1', 'users.list', '{}', '{"rows": [1, 2', T1);
    expect(() => cache.reads.get('u1', 'users.list', '{}')).not.toThrow();
    expect(cache.reads.get('u1', 'users.list', '{}')).toBeUndefined();
    expect(cache.db.prepare('select count(*) as n from kept_reads').get()).toEqual({ n: 0 });
    expect(lines.some((l) => l.includes('unreadable'))).toBe(true);
    expect(lines.join('\n')).not.toContain('"rows"'); // no data content in the log
    // A later put works as usual.
    cache.reads.put('u1', 'users.list', '{}', { rows: [1, 2] }, T2);
    expect(cache.reads.get('u1', 'users.list', '{}')?.data).toEqual({ rows: [1, 2] });
  });

  it('get and put on a closed cache log and do not throw; clearUser throws', () => {
    cache.close();
    expect(cache.reads.get('u1', 'a', '')).toBeUndefined();
    expect(() => cache.reads.put('u1', 'a', '', { secret: 'x' }, T1)).not.toThrow();
    expect(() => cache.reads.clearUser('u1')).toThrow();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('writeTransaction commits all statements or none', () => {
    const insert = cache.db.prepare("insert into kept_reads values (?, 'op', ?, '1', 't')");
    writeTransaction(cache.db, () => {
      insert.run('tx', 'a');
      insert.run('tx', 'b');
    });
    expect(() =>
      writeTransaction(cache.db, () => {
        insert.run('tx', 'c');
        insert.run('tx', 'a'); // primary key conflict: the whole transaction rolls back
      }),
    ).toThrow();
    const keys = cache.db.prepare("select input_key as k from kept_reads where user_id = 'tx' order by k").pluck().all();
    expect(keys).toEqual(['a', 'b']);
  });
});
