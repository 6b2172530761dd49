import { describe, expect, it } from 'vitest';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import { createInFlight, describeInFlight } from '../../main/api/in-flight.js';
import { fakeHandlers } from '../support/fake-handlers.js';
import { lateViolation, within } from '../support/faults/watchdog.js';

const ADMIN = { id: 'admin-id', email: 'a@x.io', username: null, roles: ['admin' as const] };
const gate: AccessGate = { requireAdmin: async () => ADMIN, requireSession: async () => ADMIN, offlineAdminId: async () => ADMIN.id };

describe("the fault run's watchdog (issue 31)", () => {
  it('gives up on a call that never answers, and passes an answer or a failure through', async () => {
    expect(await within(new Promise(() => undefined), 20)).toEqual({ answered: false });
    expect(await within(Promise.resolve(7), 1_000)).toEqual({ answered: true, value: 7 });
    await expect(within(Promise.reject(new Error('refused')), 1_000)).rejects.toThrow('refused');
  });

  it('names the seed-replayable call, its input and what main waits on', () => {
    const v = lateViolation({
      step: 9768,
      instance: 'A',
      op: 'banners.update',
      input: { id: 'b1', title: 'T' },
      ms: 90_000,
      waitingOn: () => 'banners.update at audit log (90 s; 88 s at this step)',
    });
    expect(v).toEqual({
      step: 9768,
      instance: 'A',
      op: 'banners.update',
      message: 'no answer within 90 s (input {"id":"b1","title":"T"}); in flight: banners.update at audit log (90 s; 88 s at this step)',
    });
  });

  it("lists a router's calls not answered yet with the step each is at, and forgets each once answered", async () => {
    let t = 0;
    const inFlight = createInFlight(() => t);
    let release: (v: unknown) => void = () => undefined;
    const stuck = new Promise((r) => (release = r));
    // A handler that never answers until released: the fake standing in for a promise that never settles.
    const { handlers } = fakeHandlers(() => stuck);
    const router = createRouter({ handlers, gate, readCache: async () => undefined, inFlight });
    const call = router.call('banners.list', {});
    await new Promise((r) => setTimeout(r, 10));
    t = 90_000;
    expect(inFlight.list()).toEqual([{ op: 'banners.list', stage: 'handler', ageMs: 90_000, stageMs: 90_000 }]);
    expect(describeInFlight(inFlight.list())).toBe('banners.list at handler (90 s; 90 s at this step)');
    release([]);
    expect(await call).toMatchObject({ ok: true });
    expect(inFlight.list()).toEqual([]);
    expect(describeInFlight([])).toBe('no call in flight');
  });
});
