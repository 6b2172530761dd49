import { describe, expect, it } from 'vitest';
import { runTracked, trackedFetch } from '../../main/core/connectivity.js';
import { holdsAsked, sameValue, settleLostUpdate } from '../../main/services/support/settle.js';
import { updateSettled, type UpdateTarget } from '../../main/services/support/update-settled.js';
import { lossyServers } from '../support/lossy-servers.js';

/**
 * Issue 31: an update whose reply was lost (banners, feedback, products, flags, activations, e-mail settings) is
 * settled by reading its target again and comparing it with what was asked and with what was read before the call.
 */
describe('the settling rule of an update', () => {
  it('what was asked is saved; untouched is not saved unless it may still land; the rest is sent again when that is harmless', () => {
    const asked = { asked: true, untouched: false };
    const untouched = { asked: false, untouched: true };
    const neither = { asked: false, untouched: false };
    expect(settleLostUpdate(asked, false, true)).toBe('saved');
    expect(settleLostUpdate(asked, true, false)).toBe('saved');
    // Asking for the values the row held already: they are what the database holds.
    expect(settleLostUpdate({ asked: true, untouched: true }, false, false)).toBe('saved');
    expect(settleLostUpdate(untouched, false, true)).toBe('not-saved');
    expect(settleLostUpdate(untouched, false, false)).toBe('not-saved');
    // A timeout or a 502/504: the request may still land, so "untouched" proves nothing yet.
    expect(settleLostUpdate(untouched, true, true)).toBe('retry');
    expect(settleLostUpdate(untouched, true, false)).toBe('unknown');
    // Another administrator changed the row meanwhile (also back to its old values: its stamp moved): never "not saved".
    expect(settleLostUpdate(neither, false, true)).toBe('retry');
    expect(settleLostUpdate(neither, false, false)).toBe('unknown');
    expect(settleLostUpdate('unreadable', false, true)).toBe('retry');
    expect(settleLostUpdate('unreadable', false, false)).toBe('unknown');
    // Deleted after ours may have landed: neither answer would be sure.
    expect(settleLostUpdate('absent', false, true)).toBe('unknown');
  });

  it('compares values as read back: the same instant written two ways, arrays in order, null for a missing column', () => {
    expect(sameValue('2026-11-27T03:52:45.123+00:00', '2026-11-27T03:52:45.123Z')).toBe(true);
    expect(sameValue('2026-11-27T03:52:45.124+00:00', '2026-11-27T03:52:45.123Z')).toBe(false);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['b', 'a'], ['a', 'b'])).toBe(false);
    expect(sameValue({ b: 1, a: { d: 2, c: 3 } }, { a: { c: 3, d: 2 }, b: 1 })).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('2026-11-27', '2026-11-27T00:00:00Z')).toBe(false);
    expect(holdsAsked({ status: 'done', title: 'x' }, { status: 'done' })).toBe(true);
    expect(holdsAsked({ status: 'open' }, { status: 'done' })).toBe(false);
    // A column asked as undefined is not asked.
    expect(holdsAsked({ status: 'open' }, { status: undefined })).toBe(true);
  });
});

const lossy = lossyServers();

interface Row {
  readonly status: string;
  readonly stamp: number;
}
type Answer = { data: Row | null; error: { message: string } | null };

/**
 * One row (status "open") and an update to "done" sent to the urls in turn (a server that drops it, or answers a
 * status); it lands when `lands` says so for that send; `meanwhile` is another administrator's write after the first
 * send; reads fail when `readFails`.
 */
function target(opts: { urls: string[]; lands: (send: number) => boolean; meanwhile?: Row; readFails?: boolean; idempotent?: boolean }) {
  let row: Row = { status: 'open', stamp: 1 };
  let sent = 0;
  const t: UpdateTarget<Row> = {
    read: async () => {
      if (opts.readFails && sent > 0) throw new Error('Reading the row: fetch failed');
      return row;
    },
    asked: (r) => r.status === 'done',
    idempotent: opts.idempotent ?? true,
  };
  const send = async (): Promise<Answer> => {
    const url = opts.urls[Math.min(sent, opts.urls.length - 1)]!;
    if (opts.lands(sent)) row = { status: 'done', stamp: row.stamp + 1 };
    if (sent === 0 && opts.meanwhile) row = opts.meanwhile;
    sent++;
    try {
      const res = await trackedFetch(url, { method: 'PATCH', body: '{}' });
      await res.text();
      return res.ok ? { data: row, error: null } : { data: null, error: { message: `status ${res.status}` } };
    } catch {
      return { data: null, error: { message: 'TypeError: fetch failed' } };
    }
  };
  const update = () => runTracked(() => updateSettled<Answer, Row>(t, send, (r) => ({ data: r, error: null })));
  return { update, sent: () => sent, row: () => row };
}

describe('an update whose reply was lost', () => {
  it('is answered with the row read back when it holds what was asked (no second send)', async () => {
    const f = target({ urls: [`${lossy.hangUp}/rest`], lands: () => true });
    expect(await f.update().promise).toEqual({ data: { status: 'done', stamp: 2 }, error: null });
    expect(f.sent()).toBe(1);
  });

  it('is "nothing was saved" when its dropped request left the row untouched, and the router is told no change landed', async () => {
    const f = target({ urls: [`${lossy.hangUp}/rest`], lands: () => false });
    const t = f.update();
    await expect(t.promise).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(t.changeMayHaveLanded()).toBe(false);
    expect(f.sent()).toBe(1);
  });

  it('is sent once more when it may still land (a 504), and the second answer is the answer', async () => {
    const f = target({ urls: [`${lossy.status}/504`, `${lossy.status}/200`], lands: (n) => n === 1 });
    expect(await f.update().promise).toEqual({ data: { status: 'done', stamp: 2 }, error: null });
    expect(f.sent()).toBe(2);
  });

  it('another administrator writing the old value back meanwhile is not "untouched": sent again, never "nothing was saved"', async () => {
    // Ours landed (done), then theirs put "open" back with a new stamp: the row is neither what was asked nor as before.
    const f = target({ urls: [`${lossy.hangUp}/rest`, `${lossy.status}/200`], lands: () => true, meanwhile: { status: 'open', stamp: 3 } });
    expect((await f.update().promise).error).toBeNull();
    expect(f.sent()).toBe(2);
    expect(f.row().status).toBe('done');
  });

  it('stays unknown when it is not harmless to send again and the row cannot prove anything', async () => {
    const f = target({ urls: [`${lossy.status}/504`], lands: () => false, idempotent: false });
    const t = f.update();
    expect(await t.promise).toEqual({ data: null, error: { message: 'status 504' } });
    expect(t.changeMayHaveLanded()).toBe(true);
    expect(f.sent()).toBe(1);
  });

  it('stays unknown when the second request is lost too and the row still does not hold what was asked', async () => {
    const f = target({ urls: [`${lossy.hangUp}/rest`], lands: () => false, readFails: true });
    const t = f.update();
    expect((await t.promise).error).not.toBeNull();
    expect(t.changeMayHaveLanded()).toBe(true);
    expect(f.sent()).toBe(2);
  });

  it('an upsert whose target was absent before and still is: "nothing was saved"; found as asked: saved', async () => {
    const upsert = (after: Row | null) =>
      runTracked(() =>
        updateSettled<Answer, Row>(
          {
            read: (() => {
              let reads = 0;
              return async () => (reads++ === 0 ? null : after);
            })(),
            asked: (r) => r.status === 'done',
            idempotent: true,
          },
          async () => {
            try {
              await trackedFetch(`${lossy.hangUp}/rpc`, { method: 'POST', body: '{}' });
            } catch {
              /* dropped */
            }
            return { data: null, error: { message: 'TypeError: fetch failed' } };
          },
          (r) => ({ data: r, error: null }),
        ),
      );
    await expect(upsert(null).promise).rejects.toMatchObject({ code: 'OFFLINE' });
    expect(await upsert({ status: 'done', stamp: 1 }).promise).toEqual({ data: { status: 'done', stamp: 1 }, error: null });
  });

  it('a refusal the server answered is the answer, whatever the reads', async () => {
    const f = target({ urls: [`${lossy.status}/400`], lands: () => false });
    expect(await f.update().promise).toEqual({ data: null, error: { message: 'status 400' } });
    expect(f.sent()).toBe(1);
  });
});
