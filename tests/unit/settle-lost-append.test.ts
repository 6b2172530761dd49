import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTracked, trackedFetch } from '../../main/core/connectivity.js';
import { settleLostAppend } from '../../main/services/support/settle.js';
import { appendSettled, setLateReadMs, type AppendReads } from '../../main/services/support/append-settled.js';
import { lossyServers } from '../support/lossy-servers.js';

/**
 * Issue 31: a version append (prompts.save, prompts.rollback, privacy.createVersion) whose reply was lost is settled
 * by reading the family's versions above the highest one read before the call.
 */
interface V {
  readonly version: number;
  readonly text: string;
  readonly by: string;
}
const mine = (v: V) => v.text === 'asked' && v.by === 'me';

describe('the settling rule of an append', () => {
  it('the version asked for above the old highest is saved; none is not saved unless it may still land; a failed read settles nothing', () => {
    const ours = { version: 4, text: 'asked', by: 'me' };
    const theirs = { version: 3, text: 'other', by: 'them' };
    expect(settleLostAppend([theirs, ours], mine, false)).toEqual({ settled: 'saved', row: ours });
    expect(settleLostAppend([ours], mine, true)).toEqual({ settled: 'saved', row: ours });
    expect(settleLostAppend([], mine, false)).toEqual({ settled: 'not-saved' });
    // Another administrator's version came in meanwhile; ours is not among those above the old highest.
    expect(settleLostAppend([theirs], mine, false)).toEqual({ settled: 'not-saved' });
    // The same content by another author is not ours.
    expect(settleLostAppend([{ ...ours, by: 'them' }], mine, false)).toEqual({ settled: 'not-saved' });
    // No id to send again with: a request that may still land stays unknown (never sent twice).
    expect(settleLostAppend([], mine, true)).toEqual({ settled: 'unknown' });
    expect(settleLostAppend('unreadable', mine, false)).toEqual({ settled: 'unknown' });
  });
});

const lossy = lossyServers();

type Answer = { data: unknown; error: { message: string } | null };

/**
 * A family of versions 1..3 and an append sent to `url` (a server that drops it, or answers a status) that lands as
 * version 4 when `lands`; `also` lands beside it (another administrator); reading the newer ones fails when `readFails`.
 */
function family(opts: { url: string; lands: boolean; also?: V; readFails?: boolean; newestFails?: boolean; landsAfterMs?: number }) {
  const rows: V[] = [1, 2, 3].map((version) => ({ version, text: `v${version}`, by: 'me' }));
  let sent = 0;
  const reads: AppendReads<V> = {
    newest: async () => {
      if (opts.newestFails) throw new Error('Reading the newest version: fetch failed');
      return Math.max(0, ...rows.map((r) => r.version));
    },
    newerThan: async (version) => (opts.readFails ? undefined : rows.filter((r) => r.version > version)),
    ours: mine,
  };
  const send = async (): Promise<Answer> => {
    sent++;
    if (opts.also) rows.push(opts.also);
    if (opts.lands) rows.push({ version: rows.length + 1, text: 'asked', by: 'me' });
    // Held on its way past the timeout: it lands a moment after the answer was given up.
    if (opts.landsAfterMs) setTimeout(() => rows.push({ version: rows.length + 1, text: 'asked', by: 'me' }), opts.landsAfterMs);
    try {
      const res = await trackedFetch(opts.url, { method: 'POST', body: '{}' });
      await res.text();
      return res.ok ? { data: rows.at(-1), error: null } : { data: null, error: { message: `status ${res.status}` } };
    } catch {
      return { data: null, error: { message: 'TypeError: fetch failed' } };
    }
  };
  const append = () => runTracked(() => appendSettled<Answer, V>(reads, send, (row) => ({ data: row, error: null })));
  return { rows, append, sent: () => sent };
}

describe('an append whose reply was lost', () => {
  beforeAll(() => setLateReadMs(20));
  afterAll(() => setLateReadMs(1_000));

  it('that may still land (a 504) and lands a moment later is saved: read again before giving up, never sent twice', async () => {
    const f = family({ url: `${lossy.status}/504`, lands: false, landsAfterMs: 30 });
    const t = f.append();
    expect(await t.promise).toEqual({ data: { version: 4, text: 'asked', by: 'me' }, error: null });
    expect(f.sent()).toBe(1);
  });

  it('is answered with the version asked for when it is there (one version, no second send)', async () => {
    const f = family({ url: `${lossy.hangUp}/rpc`, lands: true, also: { version: 4, text: 'other', by: 'them' } });
    const answer = await f.append().promise;
    expect(answer).toEqual({ data: { version: 5, text: 'asked', by: 'me' }, error: null });
    expect(f.sent()).toBe(1);
  });

  it('is "nothing was saved" when its dropped request left no version, and the router is told no change may have landed', async () => {
    const f = family({ url: `${lossy.hangUp}/rpc`, lands: false, also: { version: 4, text: 'other', by: 'them' } });
    const t = f.append();
    await expect(t.promise).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(t.changeMayHaveLanded()).toBe(false);
    expect(f.sent()).toBe(1);
  });

  it('stays unknown when it may still land (a 504), never sent twice', async () => {
    const f = family({ url: `${lossy.status}/504`, lands: false });
    const t = f.append();
    expect(await t.promise).toEqual({ data: null, error: { message: 'status 504' } });
    expect(t.changeMayHaveLanded()).toBe(true);
    expect(f.sent()).toBe(1);
  });

  it('stays unknown when the versions cannot be read again', async () => {
    const f = family({ url: `${lossy.hangUp}/rpc`, lands: true, readFails: true });
    const t = f.append();
    expect((await t.promise).error).not.toBeNull();
    expect(t.changeMayHaveLanded()).toBe(true);
  });

  it('sends nothing when the highest version cannot be read first; a refusal the server answered is the answer', async () => {
    const unread = family({ url: `${lossy.hangUp}/rpc`, lands: true, newestFails: true });
    await expect(unread.append().promise).rejects.toThrow(/newest version/);
    expect(unread.sent()).toBe(0);
    const refused = family({ url: `${lossy.status}/400`, lands: false });
    expect(await refused.append().promise).toEqual({ data: null, error: { message: 'status 400' } });
  });
});
