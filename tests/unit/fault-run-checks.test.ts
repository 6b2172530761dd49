// The fault run's checks of one answer against its audit entries (issue 31), and its choice of calls: the same seed
// plans the same calls, so a violation's seed and step replay it.
import { describe, expect, it } from 'vitest';
import { checkAnswer, judgeMarker, judgeRemoved, judgeSet, unsettled, type Call } from '../support/faults/checks.js';
import { GENERATORS, plan, writesNotGenerated } from '../support/faults/generators.js';
import type { World } from '../support/faults/world.js';
import { seededRandom } from '../../main/local-backend/link/faults.js';
import { findOperation } from '../../shared/contract/index.js';

const banner = { op: 'banners.create', input: {}, marker: { table: 'system_banners', column: 'title', value: 't' } };
const call = (result: Call['result'], audit: Call['audit'], planned: Call['planned'] = banner): Call => ({
  step: 7,
  instance: 'A',
  admin: 'a@x.io',
  planned,
  result,
  audit,
});

describe("a call's answer against its audit entries", () => {
  it('accepts what tells the truth', () => {
    expect(checkAnswer(call({ ok: true, data: { id: 'x' } }, [{ operation: 'banners.create', outcome: 'ok', admin: 'a@x.io' }]))).toEqual([]);
    expect(
      checkAnswer(call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.create', outcome: 'unknown', admin: 'a@x.io' }])),
    ).toEqual([]);
    expect(checkAnswer(call({ ok: false, code: 'OFFLINE', message: '' }, []))).toEqual([]);
    expect(checkAnswer(call({ ok: false, code: 'BACKEND_ERROR', message: '' }, [{ operation: 'banners.create', outcome: 'failed', admin: 'a@x.io' }]))).toEqual(
      [],
    );
  });

  it('names each lie with its step', () => {
    expect(checkAnswer(call({ ok: true, data: {} }, []))[0]).toMatchObject({
      step: 7,
      instance: 'A',
      message: expect.stringMatching(/answered ok, but the audit log/),
    });
    expect(
      checkAnswer(call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.create', outcome: 'failed', admin: 'a@x.io' }])),
    ).toHaveLength(1);
    expect(
      checkAnswer(call({ ok: false, code: 'INTERNAL', message: 'boom' }, [{ operation: 'banners.create', outcome: 'failed', admin: 'a@x.io' }]))[0]!.message,
    ).toMatch(/INTERNAL/);
    // Two administrators at once: each instance's audit log names its own administrator only.
    expect(checkAnswer(call({ ok: true, data: { id: 'x' } }, [{ operation: 'banners.create', outcome: 'ok', admin: 'b@x.io' }]))[0]!.message).toMatch(
      /the audit log of a@x.io names another administrator: b@x.io/,
    );
    expect(checkAnswer(call({ ok: true, data: {} }, [], { ...banner, invalid: true }))[0]!.message).toMatch(/invalid input was answered ok/);
    expect(
      checkAnswer(call({ ok: true, data: [] }, [{ operation: 'x', outcome: 'ok', admin: 'a@x.io' }], { op: 'banners.list', input: {} }))[0]!.message,
    ).toMatch(/a read left/);
  });
});

describe('a created row against its answer, and lost replies main settled', () => {
  const unknown = (outcome: string): Call =>
    call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.create', outcome, admin: 'a@x.io' }]);
  it('accepts a lost reply settled as saved and there once, settled as not saved and absent, or left unknown either way', () => {
    expect(judgeMarker(call({ ok: true, data: { id: 'x' } }, []), 1, false)).toEqual([]);
    expect(judgeMarker(call({ ok: false, code: 'OFFLINE', message: '' }, []), 0, false)).toEqual([]);
    expect(judgeMarker(unknown('unknown'), 0, false)).toEqual([]);
    expect(judgeMarker(unknown('unknown'), 1, false)).toEqual([]);
    // Saved, then deleted by a later call: not a lie.
    expect(judgeMarker(call({ ok: true, data: { id: 'x' } }, []), 0, true)).toEqual([]);
  });

  it('names a lost reply settled wrongly, and a duplicate', () => {
    expect(judgeMarker(call({ ok: true, data: { id: 'x' } }, []), 0, false)).toEqual(['answered ok (saved), but it is not in the database']);
    expect(judgeMarker(call({ ok: false, code: 'OFFLINE', message: '' }, []), 1, false)).toEqual(['answered OFFLINE (not saved), but it is in the database']);
    expect(judgeMarker(unknown('ok'), 0, false)).toEqual(['outcome unknown settled as saved in the audit log, but it is not in the database']);
    expect(judgeMarker(call({ ok: true, data: { id: 'x' } }, []), 2, false)).toEqual(['saved 2 times (a duplicate)']);
  });

  it('counts the answers left "outcome unknown", by operation', () => {
    const rollback = { ...unknown('unknown'), planned: { op: 'prompts.rollback', input: {} } };
    expect(unsettled([unknown('unknown'), unknown('unknown'), rollback, call({ ok: true, data: {} }, [])])).toEqual({
      'banners.create': 2,
      'prompts.rollback': 1,
    });
  });
});

describe('an update against its target read before and after it', () => {
  const setStatus = { op: 'feedback.setStatus', input: {}, sets: { table: 'feedback_submissions', match: { id: 'f' }, values: { status: 'done' } } };
  const answered = (result: Call['result']) => call(result, [], setStatus);
  const ok = answered({ ok: true, data: {} });
  const offline = answered({ ok: false, code: 'OFFLINE', message: '' });
  const open = { status: 'open' };
  const done = { status: 'done' };
  it('ok must hold what was asked; OFFLINE must not, unless it held it already', () => {
    expect(judgeSet(ok, open, done, false)).toEqual([]);
    expect(judgeSet(ok, open, open, false)).toEqual(['answered ok (saved), but the database holds {"status":"open"}']);
    expect(judgeSet(ok, open, undefined, false)).toEqual(['answered ok (saved), but the database holds no such row']);
    expect(judgeSet(offline, open, open, false)).toEqual([]);
    expect(judgeSet(offline, open, done, false)).toEqual(['answered OFFLINE (nothing was saved), but the database holds what it asked']);
    expect(judgeSet(offline, done, done, false)).toEqual([]);
  });
  it('judges nothing another call of its area may have written meanwhile, nor unknowns and refusals', () => {
    expect(judgeSet(ok, open, open, true)).toEqual([]);
    expect(judgeSet(offline, open, done, true)).toEqual([]);
    expect(judgeSet(answered({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }), open, done, false)).toEqual([]);
    expect(judgeSet(answered({ ok: false, code: 'NOT_FOUND', message: '' }), open, open, false)).toEqual([]);
  });
  it('an unknown the audit log settled as landed must hold what was asked', () => {
    const landed = call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: setStatus.op, outcome: 'ok', admin: 'a@x.io' }], setStatus);
    expect(judgeSet(landed, open, done, false)).toEqual([]);
    expect(judgeSet(landed, open, open, false)).toEqual(['outcome unknown recorded as landed in the audit log, but the database holds {"status":"open"}']);
  });
});

describe('a delete against its row, read before and after it', () => {
  const del = { op: 'banners.delete', input: { id: 'b' }, removes: { table: 'system_banners', id: 'b' } };
  const answered = (result: Call['result']) => call(result, [], del);
  const ok = answered({ ok: true, data: { id: 'b' } });
  const offline = answered({ ok: false, code: 'OFFLINE', message: '' });
  it('ok must leave the row gone, whoever ran meanwhile; OFFLINE must leave a row that was there', () => {
    expect(judgeRemoved(ok, true, false, false)).toEqual([]);
    expect(judgeRemoved(ok, true, true, false)).toEqual(['answered ok (deleted), but the row is still in the database']);
    expect(judgeRemoved(ok, true, true, true)).toEqual(['answered ok (deleted), but the row is still in the database']);
    expect(judgeRemoved(offline, true, true, false)).toEqual([]);
    expect(judgeRemoved(offline, true, false, false)).toEqual(['answered OFFLINE (nothing was saved), but the row is gone']);
    expect(judgeRemoved(offline, true, false, true)).toEqual([]);
    expect(judgeRemoved(offline, false, false, false)).toEqual([]);
    expect(judgeRemoved(answered({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }), true, false, false)).toEqual([]);
    // An unknown the audit log settled as landed must be gone.
    const landed = call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.delete', outcome: 'ok', admin: 'a@x.io' }], del);
    expect(judgeRemoved(landed, true, false, false)).toEqual([]);
    expect(judgeRemoved(landed, true, true, false)).toEqual([
      'outcome unknown recorded as landed (deleted) in the audit log, but the row is still in the database',
    ]);
    const unknown = call({ ok: false, code: 'OUTCOME_UNKNOWN', message: '' }, [{ operation: 'banners.delete', outcome: 'unknown', admin: 'a@x.io' }], del);
    expect(judgeRemoved(unknown, true, true, false)).toEqual([]);
  });
  it('a revoke holds when the override is off or there is none at all', () => {
    const revoke = {
      op: 'flags.revoke',
      input: {},
      sets: { table: 'user_feature_flags', match: { user_id: 'u', feature_key: 'k' }, values: { enabled: false }, absentHolds: true },
    };
    const revoked = call({ ok: true, data: { revoked: false } }, [], revoke);
    expect(judgeSet(revoked, undefined, undefined, false)).toEqual([]);
    expect(judgeSet(revoked, { enabled: true }, { enabled: false }, false)).toEqual([]);
    expect(judgeSet(revoked, { enabled: true }, { enabled: true }, false)).toEqual(['answered ok (saved), but the database holds {"enabled":true}']);
  });
});

describe('the planned calls', () => {
  // Ids as the database holds them (uuids), so the contract's schemas take the planned inputs.
  const u = (name: string) => `00000000-0000-4000-8000-${Buffer.from(name).toString('hex').padStart(12, '0')}`;
  const world: World = {
    banners: [{ id: u('b1'), title: 'Fault run 1-1' }],
    products: [u('p1'), u('p2'), u('p3')],
    runProducts: [{ id: u('p3'), name: 'Fault run 1-3', slug: 'fault-run-1-3' }],
    runWisdom: [{ id: u('w2'), name: 'Fault run 1-4' }],
    feedback: [u('f1')],
    feedbackTrash: [u('f2')],
    wisdomSources: [u('w1')],
    inquiries: [u('i1')],
    contactInquiries: [u('c1')],
    emailTemplates: [u('t1')],
    emailTriggers: [u('g1')],
    runTemplates: [u('t2')],
    runTriggers: [u('g2')],
    marketingLinks: [{ id: u('m1'), slug: 'fault-run-1-1' }],
    privacyVersions: [u('v1')],
    publicChatbotVersions: [u('c1')],
    coachPrompts: [{ coachId: u('k'), versionId: u('kv') }],
    mirrorVersions: [{ promptType: 'brief', versionId: u('mv') }],
    dailyWisdomVersions: [u('d1')],
    coaches: [{ id: u('k'), name: 'Coach 1' }],
    adminUsers: [u('a1')],
    runSegments: [{ id: u('s1'), name: 'Fault run 1-5' }],
    conversations: [u('cv1')],
    flagUsers: [{ id: u('u1'), email: 'u1@x.io' }],
    deletable: [{ id: u('u2'), email: 'u2@x.io' }],
  };
  const run = (seed: number) => {
    const r = seededRandom(seed);
    return Array.from({ length: 600 }, (_, i) => plan(r, world, `${seed}-${i}`));
  };

  it('are the same for the same seed, mix reads, writes and invalid inputs, and reach every generated write', () => {
    expect(run(5)).toEqual(run(5));
    expect(GENERATORS.length).toBeGreaterThanOrEqual(29);
    const calls = run(5);
    expect(calls.some((c) => c.invalid)).toBe(true);
    expect(calls.some((c) => c.op.endsWith('.list'))).toBe(true);
    expect(new Set(calls.map((c) => c.op))).toEqual(
      new Set([...GENERATORS.map((g) => g.op), ...['banners.list', 'products.list', 'privacy.current', 'flags.list', 'coaches.list', 'feedback.trash']]),
    );
  });

  it('cover the writes the run long did not reach (coaches, e-mail admin users, preferences, segments, settings, conversations, mirror)', () => {
    const nine = [
      'coaches.create',
      'coaches.update',
      'email.createAdminUser',
      'email.setAdminUserActive',
      'email.savePreferences',
      'email.saveSegment',
      'email.saveSettings',
      'prompts.deleteConversation',
      'prompts.initializeMirror',
    ];
    expect(writesNotGenerated(nine)).toEqual([]);
    // Both kinds of segment save: a new one found by its name, and one saved again under its id.
    const segments = run(5).filter((c) => c.op === 'email.saveSegment' && !c.invalid);
    expect(segments.some((c) => c.marker) && segments.some((c) => (c.input as { id?: string }).id)).toBe(true);
  });

  it("build inputs the contract's schema takes, and invalid ones it refuses", () => {
    const wrong = run(5)
      .filter((c) => findOperation(c.op)!.spec.input.safeParse(c.input).success === !!c.invalid)
      .map((c) => `${c.op}${c.invalid ? ' (invalid)' : ''}: ${JSON.stringify(c.input)}`);
    expect(wrong).toEqual([]);
  });
});
