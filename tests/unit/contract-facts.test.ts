// Every write states its effect (project or local) and its audit fact on its contract entry, and no read does.
// The compiler refuses a write missing either (with a message that quotes the operation), checked here by
// `npm run typecheck` (tsconfig.tests.json); at run time the real contract's facts are checked against what the
// router and recorder can do with them.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  OPERATIONS,
  auditIds,
  auditNone,
  auditNotRecorded,
  auditRows,
  contract,
  csvExport,
  findOperation,
  op,
  targetLabel,
  type FactsStated,
  type MustHold,
} from '../../shared/contract/index.js';

const none = z.strictObject({});
const list = op<string[]>()({ input: none, kind: 'read', access: 'admin' });

/** The real contract plus one area holding `add`, as a colleague's new area file would. */
const withNotes = <S>(add: S) => ({ ...contract, notes: { list, add } });

/** One entry per case: complete, each fact missing, and reads stating a write's facts. */
const cases = {
  complete: op<string>()({ input: none, kind: 'write', effect: 'project', audit: auditRows('notes'), access: 'admin' }),
  exported: csvExport(none),
  noEffect: op<string>()({ input: none, kind: 'write', audit: auditRows('notes'), access: 'admin' }),
  noAudit: op<string>()({ input: none, kind: 'write', effect: 'project', access: 'admin' }),
  bare: op<string>()({ input: none, kind: 'write', access: 'admin' }),
  readWithEffect: op<string>()({ input: none, kind: 'read', effect: 'local', access: 'admin' }),
  readWithAudit: op<string>()({ input: none, kind: 'read', audit: auditNone('why not'), access: 'admin' }),
};
type Case<K extends keyof typeof cases> = ReturnType<typeof withNotes<(typeof cases)[K]>>;

// Compile-time: these lines are checked by `npm run typecheck`.
export type CompleteCompiles = MustHold<FactsStated<Case<'complete'>>>;
export type ExportCompiles = MustHold<FactsStated<Case<'exported'>>>;
// @ts-expect-error a write without an effect does not compile
export type NoEffectFails = MustHold<FactsStated<Case<'noEffect'>>>;
// @ts-expect-error a write without an audit fact does not compile
export type NoAuditFails = MustHold<FactsStated<Case<'noAudit'>>>;
// @ts-expect-error a write with neither does not compile
export type BareFails = MustHold<FactsStated<Case<'bare'>>>;
// @ts-expect-error a read stating an effect does not compile
export type ReadEffectFails = MustHold<FactsStated<Case<'readWithEffect'>>>;
// @ts-expect-error a read stating an audit fact does not compile
export type ReadAuditFails = MustHold<FactsStated<Case<'readWithAudit'>>>;
// A contract-shaped object written by hand, without op(): the same check holds.
// @ts-expect-error a hand-written write entry without its facts does not compile
export type HandWrittenFails = MustHold<FactsStated<{ notes: { add: { readonly kind: 'write'; readonly input: typeof none; readonly access: 'admin' } } }>>;

describe('the facts of each operation', () => {
  it('spells out the operation and the missing fact in the compiler message', () => {
    expectTypeOf<FactsStated<Case<'noEffect'>>>().toEqualTypeOf<"notes.add is a write without an effect: state effect 'project' or 'local'">();
    expectTypeOf<
      FactsStated<Case<'noAudit'>>
    >().toEqualTypeOf<'notes.add is a write without an audit fact: state audit (auditRows, auditIds, auditMatch, auditNone or auditNotRecorded)'>();
    expectTypeOf<FactsStated<Case<'readWithEffect'>>>().toEqualTypeOf<'notes.add is a read and states an effect'>();
    expectTypeOf<FactsStated<typeof contract>>().toEqualTypeOf<true>();
  });

  it('the run-time check finds what the compiler refuses', () => {
    const problems = (k: keyof typeof cases) => factProblems(withNotes(cases[k]));
    expect(problems('complete')).toEqual([]);
    expect(problems('exported')).toEqual([]);
    expect(problems('noEffect')).toEqual(['notes.add: no effect']);
    expect(problems('bare')).toEqual(['notes.add: no effect', 'notes.add: no audit fact']);
    expect(problems('readWithAudit')).toEqual(["notes.add: a read with a write's facts"]);
  });

  it('every write of the real contract states both at run time too, and no read states either', () => {
    expect(factProblems(contract)).toEqual([]);
    const writes = OPERATIONS.filter((o) => o.spec.kind === 'write');
    expect(writes.filter((o) => !o.spec.effect || !o.spec.audit).map((o) => o.name)).toEqual([]);
    expect(OPERATIONS.filter((o) => o.spec.kind === 'read' && (o.spec.effect || o.spec.audit)).map((o) => o.name)).toEqual([]);
    expect(findOperation('banners.delete')?.spec).toMatchObject({ kind: 'write', effect: 'project', audit: { audit: 'rows', table: 'system_banners' } });
  });

  it('gives every "none" and "not recorded" a reason, and records every write the recorder can record against an admin', () => {
    for (const o of OPERATIONS) {
      const a = o.spec.audit;
      if (a && a.audit !== 'rows') expect(a.reason.length, o.name).toBeGreaterThan(10);
    }
    // Public writes have no verified admin: they cannot be recorded, and say so. Among the others only the palette's
    // recents (local bookkeeping that would bury the changes the log is for) and the toolkit's progress (a user's own
    // private reflections, kept on this computer) are left out.
    const notRecorded = OPERATIONS.filter((o) => o.spec.audit?.audit === 'not-recorded');
    expect(
      notRecorded
        .filter((o) => o.spec.access !== 'public')
        .map((o) => o.name)
        .sort(),
    ).toEqual(['palette.opened', 'toolkit.save']);
    expect(OPERATIONS.filter((o) => o.spec.kind === 'write' && o.spec.access === 'public' && o.spec.audit?.audit !== 'not-recorded')).toEqual([]);
  });

  it('names a row key that the input of its operation has', () => {
    const user = { id: 'u1' };
    for (const o of OPERATIONS) {
      const a = o.spec.audit;
      if (a?.audit !== 'rows') continue;
      const shape = (o.spec.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      // Every key of the input set to a marker: a target read from the input must find it.
      const input = Object.fromEntries(Object.keys(shape).map((k) => [k, k === 'ids' ? ['m1', 'm2'] : 'm1']));
      const match = a.match({ input, output: { id: 'out' }, user });
      expect(match, o.name).toBeDefined();
    }
  });

  it("reads the target from the input, from a create's output, or from the verified user", () => {
    const user = { id: 'u1' };
    expect(auditRows('coaches', 'coachId').match({ input: { coachId: 'c1' }, user })).toEqual({ eq: { id: 'c1' } });
    expect(auditRows('coaches').match({ input: { name: 'x' }, user })).toBeUndefined();
    expect(auditRows('coaches').match({ input: { name: 'x' }, output: { id: 'c2' }, user })).toEqual({ eq: { id: 'c2' } });
    expect(auditIds('feedback_submissions').match({ input: { ids: ['a', 'b'] }, user })).toEqual({ eq: { id: ['a', 'b'] } });
    expect(auditIds('feedback_submissions').match({ input: { ids: [] }, user })).toBeUndefined();
    const cleanUp = findOperation('ttsLibrary.cleanUpFailed')?.spec.audit;
    expect(cleanUp?.audit === 'rows' && cleanUp.match({ input: {}, user })).toEqual({ eq: { user_id: 'u1' }, or: 'file_size.is.null,file_size.eq.0' });
    expect(targetLabel({ eq: { user_id: 'u1', feature_key: 'k' } })).toBe('u1 k');
    expect(targetLabel({ eq: { id: ['a', 'b'] } })).toBe('a,b');
    expect(auditNotRecorded('why not').audit).toBe('not-recorded');
  });

  it('declares the four CSV exports one way: an admin write, effect local, answering an ExportOutcome', () => {
    for (const name of ['users.exportCsv', 'feedback.exportCsv', 'campaigns.exportCsv', 'audit.exportCsv']) {
      expect(findOperation(name)?.spec, name).toMatchObject({ kind: 'write', access: 'admin', effect: 'local', audit: { audit: 'none' } });
    }
    expect(findOperation('audit.exportCsv')?.spec.invalidates).toEqual(['audit']);
    expect(findOperation('users.exportCsv')?.spec.invalidates).toEqual([]);
  });
});

/** Every write missing its effect or audit fact, and every read stating one; one line per problem. */
function factProblems(c: Record<string, Record<string, { kind: string; effect?: unknown; audit?: unknown }>>): string[] {
  return Object.entries(c).flatMap(([area, methods]) =>
    Object.entries(methods).flatMap(([m, spec]) => {
      const name = `${area}.${m}`;
      if (spec.kind === 'read') return spec.effect || spec.audit ? [`${name}: a read with a write's facts`] : [];
      return [...(spec.effect ? [] : [`${name}: no effect`]), ...(spec.audit ? [] : [`${name}: no audit fact`])];
    }),
  );
}
