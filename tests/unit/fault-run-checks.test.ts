// The fault run's checks of one answer against its audit entries (issue 31), and its choice of calls: the same seed
// plans the same calls, so a violation's seed and step replay it.
import { describe, expect, it } from 'vitest';
import { checkAnswer, type Call } from '../support/faults/checks.js';
import { plan } from '../support/faults/generators.js';
import type { World } from '../support/faults/world.js';
import { seededRandom } from '../../main/local-backend/link/faults.js';

const banner = { op: 'banners.create', input: {}, marker: { table: 'system_banners', column: 'title', value: 't' } };
const call = (result: Call['result'], audit: Call['audit'], planned: Call['planned'] = banner): Call => ({ step: 7, instance: 'A', planned, result, audit });

describe("a call's answer against its audit entries", () => {
  it('accepts what tells the truth', () => {
    expect(checkAnswer(call({ ok: true, data: { id: 'x' } }, [{ operation: 'banners.create', outcome: 'ok' }]))).toEqual([]);
    expect(checkAnswer(call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.create', outcome: 'unknown' }]))).toEqual([]);
    expect(checkAnswer(call({ ok: false, code: 'OFFLINE', message: '' }, []))).toEqual([]);
    expect(checkAnswer(call({ ok: false, code: 'BACKEND_ERROR', message: '' }, [{ operation: 'banners.create', outcome: 'failed' }]))).toEqual([]);
  });

  it('names each lie with its step', () => {
    expect(checkAnswer(call({ ok: true, data: {} }, []))[0]).toMatchObject({
      step: 7,
      instance: 'A',
      message: expect.stringMatching(/answered ok, but the audit log/),
    });
    expect(checkAnswer(call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.create', outcome: 'failed' }]))).toHaveLength(1);
    expect(checkAnswer(call({ ok: false, code: 'INTERNAL', message: 'boom' }, [{ operation: 'banners.create', outcome: 'failed' }]))[0]!.message).toMatch(
      /INTERNAL/,
    );
    expect(checkAnswer(call({ ok: true, data: {} }, [], { ...banner, invalid: true }))[0]!.message).toMatch(/invalid input was answered ok/);
    expect(checkAnswer(call({ ok: true, data: [] }, [{ operation: 'x', outcome: 'ok' }], { op: 'banners.list', input: {} }))[0]!.message).toMatch(
      /a read left/,
    );
  });
});

describe('the planned calls', () => {
  const world: World = {
    banners: ['b1'],
    products: ['p1', 'p2', 'p3'],
    feedback: ['f1'],
    privacyVersions: ['v1'],
    publicChatbotVersions: ['c1'],
    coachPrompts: [{ coachId: 'k', versionId: 'kv' }],
    mirrorVersions: [{ promptType: 'brief', versionId: 'mv' }],
    dailyWisdomVersions: ['d1'],
    flagUsers: [{ id: 'u1', email: 'u1@x.io' }],
    deletable: [{ id: 'u2', email: 'u2@x.io' }],
  };
  const run = (seed: number) => {
    const r = seededRandom(seed);
    return Array.from({ length: 300 }, (_, i) => plan(r, world, `${seed}-${i}`));
  };

  it('are the same for the same seed, mix reads, writes and invalid inputs, and reach every generated write', () => {
    expect(run(5)).toEqual(run(5));
    const calls = run(5);
    expect(calls.some((c) => c.invalid)).toBe(true);
    expect(calls.some((c) => c.op.endsWith('.list'))).toBe(true);
    expect(new Set(calls.map((c) => c.op))).toEqual(
      new Set([
        ...['banners.create', 'banners.setActive', 'banners.delete', 'products.reorder', 'feedback.setStatus', 'flags.grant', 'flags.revoke'],
        ...['privacy.createVersion', 'privacy.activate', 'prompts.activate', 'prompts.rollback', 'users.deleteUser'],
        ...['banners.list', 'products.list', 'privacy.current', 'flags.list', 'coaches.list', 'feedback.trash'],
      ]),
    );
  });
});
