/**
 * The compile-time check of `invalidates`: every entry must be '*', an area of the contract or one of its reads
 * ("area.method" with kind 'read'). A typo or a write's name is a compile error that quotes the operation and the
 * name, so a write can never silently refresh nothing.
 */

type Methods<C, A extends keyof C> = keyof C[A] & string;

/** Every read of C, as "area.method". */
export type ReadName<C> = {
  [A in keyof C & string]: { [M in Methods<C, A>]: C[A][M] extends { readonly kind: 'read' } ? `${A}.${M}` : never }[Methods<C, A>];
}[keyof C & string];

/** What an invalidates entry of C may name. */
export type StaleName<C> = '*' | (keyof C & string) | ReadName<C>;

type EntriesOf<S> = S extends { readonly invalidates?: infer V } ? (V extends readonly (infer E)[] ? E : never) : never;

/** One message per invalidates entry of C that names neither an area nor a read; never when all are fine. */
export type StaleNameErrors<C> = {
  [A in keyof C & string]: {
    [M in Methods<C, A>]: Exclude<EntriesOf<C[A][M]>, StaleName<C>> extends infer Bad extends string
      ? Bad extends unknown
        ? `${A}.${M} invalidates '${Bad}', which is neither an area nor a read of the contract`
        : never
      : never;
  }[Methods<C, A>];
}[keyof C & string];

/** `true` when every invalidates entry of C is known; otherwise the messages. */
export type InvalidatesKnown<C> = [StaleNameErrors<C>] extends [never] ? true : StaleNameErrors<C>;

/** Compiles only for `true`: `MustHold<InvalidatesKnown<C>>` fails with the messages as the error. */
export type MustHold<T extends true> = T;
