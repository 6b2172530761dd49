// `invalidates` names what a write makes stale: '*', an area, or a read of the contract. The compiler rejects
// anything else (a typo, a write, an unknown area) with a message that quotes the operation and the name, and at
// run time every entry of the real contract is checked again, with '*' only ever alone and only on writes.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { OPERATIONS, contract, op, type InvalidatesKnown, type MustHold, type OpSpec } from '../../shared/contract/index.js';

const none = z.strictObject({});
const list = op<string[]>()({ input: none, kind: 'read', access: 'admin' });
const add = op<string>()({ input: none, kind: 'write', access: 'admin', invalidates: ['notes.list', 'dashboard'] });

/** The real contract plus one area whose write names `stale`, as a colleague's new area file would. */
function withWrite<const V extends readonly string[]>(stale: V) {
  return { ...contract, notes: { list, add, remove: op<boolean>()({ input: none, kind: 'write', access: 'admin', invalidates: stale }) } };
}

// Compile-time: these lines are checked by `npm run typecheck` (tsconfig.tests.json).
export type KnownNamesCompile = MustHold<InvalidatesKnown<ReturnType<typeof withWrite<['notes', 'notes.list', 'coaches.get', 'dashboard', '*']>>>>;
// @ts-expect-error a typo of a read does not compile
export type TypoFails = MustHold<InvalidatesKnown<ReturnType<typeof withWrite<['notes.lst']>>>>;
// @ts-expect-error a write is not something to refresh
export type WriteFails = MustHold<InvalidatesKnown<ReturnType<typeof withWrite<['notes.add']>>>>;
// @ts-expect-error an unknown area does not compile
export type AreaFails = MustHold<InvalidatesKnown<ReturnType<typeof withWrite<['dashbord']>>>>;
// @ts-expect-error a name that is only a string (not a literal) cannot be checked, so it does not compile
export type WideFails = MustHold<InvalidatesKnown<ReturnType<typeof withWrite<string[]>>>>;

describe('invalidates names', () => {
  it('spells out the operation and the unknown name in the compiler message', () => {
    expectTypeOf<
      InvalidatesKnown<ReturnType<typeof withWrite<['notes.lst']>>>
    >().toEqualTypeOf<"notes.remove invalidates 'notes.lst', which is neither an area nor a read of the contract">();
    expectTypeOf<InvalidatesKnown<typeof contract>>().toEqualTypeOf<true>();
  });

  it('names only areas and reads of the real contract, with * alone and only on writes', () => {
    expect(OPERATIONS.filter((o) => o.spec.invalidates).length).toBeGreaterThan(10);
    expect(staleNameProblems(contract)).toEqual([]);
  });

  it('the run-time check catches what the compiler lets through', () => {
    expect(staleNameProblems(withWrite(['notes.lst']))).toEqual(["notes.remove invalidates 'notes.lst'"]);
    expect(staleNameProblems(withWrite(['*', 'notes']))).toEqual(["notes.remove: '*' already refreshes everything"]);
    expect(staleNameProblems(withWrite(['notes', 'notes']))).toEqual(['notes.remove names an entry twice']);
    const readWithStale = { ...contract, notes: { list: { ...list, invalidates: ['notes'] } } };
    expect(staleNameProblems(readWithStale)).toEqual(['notes.list is a read and declares invalidates']);
  });
});

/** Every invalidates entry of c that is not '*' (alone, on a write), an area or a read; one line per problem. */
function staleNameProblems(c: Record<string, Record<string, OpSpec>>): string[] {
  const ops = Object.entries(c).flatMap(([area, methods]) => Object.entries(methods).map(([m, spec]) => ({ name: `${area}.${m}`, spec })));
  const reads = new Set(ops.filter((o) => o.spec.kind === 'read').map((o) => o.name));
  const problems: string[] = [];
  for (const { name, spec } of ops) {
    const names = spec.invalidates ?? [];
    if (!spec.invalidates) continue;
    if (spec.kind !== 'write') problems.push(`${name} is a read and declares invalidates`);
    for (const n of names) if (n !== '*' && !(n in c) && !reads.has(n)) problems.push(`${name} invalidates '${n}'`);
    if (names.includes('*') && names.length > 1) problems.push(`${name}: '*' already refreshes everything`);
    if (new Set(names).size !== names.length) problems.push(`${name} names an entry twice`);
  }
  return problems;
}
