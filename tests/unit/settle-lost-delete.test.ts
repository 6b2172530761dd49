import { describe, expect, it } from 'vitest';
import { runTracked, trackedFetch } from '../../main/core/connectivity.js';
import { settleLostDelete } from '../../main/services/support/settle.js';
import { bulkChunkSettled, type BulkState } from '../../main/services/support/bulk-settled.js';
import { lossyServers } from '../support/lossy-servers.js';

/**
 * Issue 31: a delete (banners, products, links, inquiries, templates, conversations, wisdom) and a bulk change of the
 * trash (restore, delete forever) whose reply was lost are settled by reading the target again.
 */
describe('the settling rule of a delete', () => {
  it('gone is deleted; still there is not deleted unless it may still land; the rest is sent again (deleting twice is harmless)', () => {
    expect(settleLostDelete('gone', false)).toBe('saved');
    expect(settleLostDelete('gone', true)).toBe('saved');
    expect(settleLostDelete('there', false)).toBe('not-saved');
    expect(settleLostDelete('there', true)).toBe('retry');
    expect(settleLostDelete('unreadable', false)).toBe('retry');
  });
});

const lossy = lossyServers();

/**
 * Two trashed items and one statement restoring them sent to the urls in turn (a server that drops it, or answers a
 * status); it lands when `lands` says so for that send.
 */
function chunk(opts: { urls: string[]; lands: (send: number) => boolean; alone?: boolean; readFails?: boolean }) {
  const state = new Map<string, BulkState>([
    ['a', 'waiting'],
    ['b', 'waiting'],
  ]);
  let sent = 0;
  const send = async () => {
    const url = opts.urls[Math.min(sent, opts.urls.length - 1)]!;
    const changed = [...state].filter(([, s]) => s === 'waiting').map(([id]) => ({ id }));
    if (opts.lands(sent)) for (const { id } of changed) state.set(id, 'done');
    sent++;
    const res = await trackedFetch(url, { method: 'PATCH', body: '{}' });
    await res.text();
    return res.ok ? { data: opts.lands(sent - 1) ? changed : [], error: null } : { data: null, error: { message: `status ${res.status}` } };
  };
  const read = async () => {
    if (opts.readFails) throw new Error('Reading the trash: fetch failed');
    return new Map(state);
  };
  const run = () => runTracked(() => bulkChunkSettled(send, read, opts.alone ?? true));
  return { run, sent: () => sent, state };
}

describe('a bulk change whose reply was lost', () => {
  it('landed: counted from the ids read back, not sent again', async () => {
    const c = chunk({ urls: [`${lossy.hangUp}/rest`], lands: () => true });
    expect(await c.run().promise).toEqual({ count: 2 });
    expect(c.sent()).toBe(1);
  });

  it('not landed and cannot land any more: "nothing was saved" when it was the only request, and no change landed', async () => {
    const c = chunk({ urls: [`${lossy.hangUp}/rest`], lands: () => false });
    const t = c.run();
    await expect(t.promise).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(t.changeMayHaveLanded()).toBe(false);
    expect(c.sent()).toBe(1);
  });

  it('not landed beside other chunks, or may still land (a 504): sent once more, counted once', async () => {
    const beside = chunk({ urls: [`${lossy.hangUp}/rest`, `${lossy.status}/200`], lands: (n) => n === 1, alone: false });
    expect(await beside.run().promise).toEqual({ count: 2 });
    expect(beside.sent()).toBe(2);
    const late = chunk({ urls: [`${lossy.status}/504`, `${lossy.status}/200`], lands: (n) => n === 0 });
    expect(await late.run().promise).toEqual({ count: 2 });
    expect(late.sent()).toBe(1);
    const again = chunk({ urls: [`${lossy.status}/504`, `${lossy.status}/200`], lands: (n) => n === 1 });
    expect(await again.run().promise).toEqual({ count: 2 });
    expect(again.sent()).toBe(2);
  });

  it('stays unknown when the read and the second request both fail', async () => {
    const c = chunk({ urls: [`${lossy.hangUp}/rest`], lands: () => false, readFails: true });
    const t = c.run();
    expect(await t.promise).toEqual({ error: expect.objectContaining({ message: expect.any(String) }) });
    expect(t.changeMayHaveLanded()).toBe(true);
    expect(c.sent()).toBe(2);
  });
});
