import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTracked, setRequestTimeout, trackedFetch, changeMayHaveLandedInThisCall, changeMayStillLandInThisCall } from '../../main/core/connectivity.js';
import { AppError } from '../../main/ground/errors.js';
import { settleLostCreate } from '../../main/services/support/settle.js';
import { insertSettled } from '../../main/services/support/insert-settled.js';
import { createCoach } from '../../main/services/coaches/write.js';
import type { CoachFields } from '../../shared/rules/coaches/types.js';

/** Issue 31: a create whose reply was lost is settled by reading back the id main chose. */
describe('the settling rule', () => {
  it('found is saved, absent is not saved unless the request may still land (then sent again), a failed read settles nothing', () => {
    expect(settleLostCreate('found', false)).toBe('saved');
    expect(settleLostCreate('found', true)).toBe('saved');
    expect(settleLostCreate('absent', false)).toBe('not-saved');
    expect(settleLostCreate('absent', true)).toBe('retry');
    expect(settleLostCreate('unreadable', false)).toBe('unknown');
    expect(settleLostCreate('unreadable', true)).toBe('unknown');
  });
});

let hangUp = '';
let never = '';
let status = '';
const servers: http.Server[] = [];
beforeAll(async () => {
  // Reads the request and drops the connection; never answers; answers the status its path names.
  const silent = http.createServer((req) => req.on('data', () => undefined).on('end', () => req.socket.destroy()));
  const slow = http.createServer((req) => req.resume());
  const answering = http.createServer((req, res) => {
    req.resume();
    res.writeHead(Number(req.url?.slice(1)) || 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  for (const s of [silent, slow, answering]) {
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    servers.push(s);
  }
  [hangUp, never, status] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [string, string, string];
});
afterAll(async () => {
  setRequestTimeout(30_000);
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

const post = async (url: string) => {
  try {
    const res = await trackedFetch(url, { method: 'POST', body: '{}' });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
};

describe('whether a lost change may still land', () => {
  it('a dropped connection: it landed or it never will; a timeout, a 502 or a 504: it may still', async () => {
    const after = async (send: () => Promise<unknown>) => {
      const t = runTracked(async () => (await send(), [changeMayHaveLandedInThisCall(), changeMayStillLandInThisCall()]));
      return t.promise;
    };
    expect(await after(() => post(`${hangUp}/rest/v1/x`))).toEqual([true, false]);
    expect(await after(() => post(`${status}/502`))).toEqual([true, true]);
    expect(await after(() => post(`${status}/504`))).toEqual([true, true]);
    expect(await after(() => post(`${status}/201`))).toEqual([true, false]);
    setRequestTimeout(200);
    try {
      expect(await after(() => post(`${never}/rest/v1/x`))).toEqual([true, true]);
    } finally {
      setRequestTimeout(30_000);
    }
  });
});

/**
 * A stand-in for supabase-js: an insert travels to `insertUrl` (a server that drops it, or one that answers 504),
 * and lands in `table` when `lands` says so; a read by id answers from `table`, or fails when `readFails`.
 */
function fakeDb(opts: { insertUrl: string; lands: (attempt: number) => boolean; readFails?: boolean }) {
  const table = new Map<string, Record<string, unknown>>();
  let attempts = 0;
  const db = {
    from: () => ({
      insert: (row: Record<string, unknown>) => ({
        select: async () => {
          attempts++;
          if (opts.lands(attempts)) {
            if (table.has(row.id as string)) return { data: null, error: { message: 'duplicate key', code: '23505' } };
            table.set(row.id as string, row);
          }
          const s = await post(opts.insertUrl);
          return s === 201 ? { data: [row], error: null } : { data: null, error: { message: 'TypeError: fetch failed' } };
        },
      }),
      select: () => ({
        eq: async (_c: string, id: string) =>
          opts.readFails ? { data: null, error: { message: 'fetch failed' } } : { data: table.has(id) ? [table.get(id)] : [], error: null },
      }),
    }),
  };
  return { db: db as unknown as SupabaseClient, table, attempts: () => attempts };
}

const create = (db: SupabaseClient) => runTracked(() => insertSettled<{ id: string; title: string }>(db, 'things', { title: 't' }, '*'));

describe('a create whose reply was lost', () => {
  it('is answered with its row when the row is there (its id made in main, one row)', async () => {
    const f = fakeDb({ insertUrl: `${hangUp}/rest/v1/things`, lands: () => true });
    const t = create(f.db);
    const answer = await t.promise;
    expect(answer.error).toBeNull();
    expect(answer.data).toHaveLength(1);
    expect(f.table.size).toBe(1);
    expect(answer.data![0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(f.attempts()).toBe(1);
  });

  it('is "nothing was saved" when its dropped request left no row, and the router is told no change may have landed', async () => {
    const f = fakeDb({ insertUrl: `${hangUp}/rest/v1/things`, lands: () => false });
    const t = create(f.db);
    await expect(t.promise).rejects.toMatchObject({ code: 'OFFLINE' });
    await t.promise.catch((e: unknown) => expect(e).toBeInstanceOf(AppError));
    expect(t.changeMayHaveLanded()).toBe(false);
    expect(f.attempts()).toBe(1);
  });

  it('is sent once more with the same id when it may still land (a 504), and the primary key keeps it to one row', async () => {
    // The first is not there yet when read back (still on its way); the second lands, its reply lost too: the row
    // read back is the answer. Had the first landed meanwhile, the primary key would refuse the second.
    const f = fakeDb({ insertUrl: `${status}/504`, lands: (attempt) => attempt === 2 });
    const answer = await create(f.db).promise;
    expect(answer.error).toBeNull();
    expect(f.attempts()).toBe(2);
    expect(f.table.size).toBe(1);
    expect(answer.data![0]!.id).toBe([...f.table.keys()][0]);
  });

  it('stays unknown when the read back fails', async () => {
    const f = fakeDb({ insertUrl: `${hangUp}/rest/v1/things`, lands: () => true, readFails: true });
    const t = create(f.db);
    const answer = await t.promise;
    expect(answer.error).not.toBeNull();
    expect(t.changeMayHaveLanded()).toBe(true);
  });
});

describe('a coach create whose reply was lost', () => {
  const coach = {
    name: 'Settled Coach',
    description: null,
    category: null,
    subscriptionTier: 'basic',
    coachType: 'reflect',
    isFree: false,
    isActive: true,
    sampleInteraction: null,
  } as unknown as CoachFields;

  it('is answered with the id main chose when the row is there, once', async () => {
    const f = fakeDb({ insertUrl: `${hangUp}/rest/v1/coaches`, lands: () => true });
    const answer = await runTracked(() => createCoach(f.db, coach, 'Reflect', 'admin-id')).promise;
    expect(answer).toEqual({ id: [...f.table.keys()][0] });
    expect(f.table.size).toBe(1);
    expect(f.attempts()).toBe(1);
  });

  it('is "nothing was saved" when its dropped request left no row', async () => {
    const f = fakeDb({ insertUrl: `${hangUp}/rest/v1/coaches`, lands: () => false });
    const t = runTracked(() => createCoach(f.db, coach, 'Reflect', 'admin-id'));
    await expect(t.promise).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(t.changeMayHaveLanded()).toBe(false);
  });
});
