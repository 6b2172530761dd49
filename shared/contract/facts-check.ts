/**
 * The compile-time check of every write's facts (facts.ts): a write without an effect or without an audit fact,
 * or a read carrying either, is a compile error that quotes the operation, as stale-names.ts does for invalidates.
 */
import type { AuditFact, Effect } from './facts.js';

type Methods<C, A extends keyof C> = keyof C[A] & string;

type WriteProblems<N extends string, S> =
  | (S extends { readonly effect: Effect } ? never : `${N} is a write without an effect: state effect 'project' or 'local'`)
  | (S extends { readonly audit: AuditFact }
      ? never
      : `${N} is a write without an audit fact: state audit (auditRows, auditIds, auditMatch, auditNone or auditNotRecorded)`);

type ReadProblems<N extends string, S> =
  | (S extends { readonly effect: Effect } ? `${N} is a read and states an effect` : never)
  | (S extends { readonly audit: AuditFact } ? `${N} is a read and states an audit fact` : never);

/** One message per missing or misplaced fact of C; never when all are fine. */
export type FactErrors<C> = {
  [A in keyof C & string]: {
    [M in Methods<C, A>]: C[A][M] extends { readonly kind: 'write' } ? WriteProblems<`${A}.${M}`, C[A][M]> : ReadProblems<`${A}.${M}`, C[A][M]>;
  }[Methods<C, A>];
}[keyof C & string];

/** `true` when every write of C states its effect and audit fact and no read does; otherwise the messages. */
export type FactsStated<C> = [FactErrors<C>] extends [never] ? true : FactErrors<C>;
