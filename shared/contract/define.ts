import type { z } from 'zod';

/**
 * public: usable before sign-in (connection profiles, sign-in itself).
 * signedIn: needs a session, no role (sign-out, the no-role fallback page).
 * admin: needs a server-verified user holding the admin role, re-checked in main on every call.
 */
export type Access = 'public' | 'signedIn' | 'admin';

/** Reads may be answered from the offline cache; writes fail clearly when the backend cannot be reached. */
export type Kind = 'read' | 'write';

export interface OpSpec<I extends z.ZodType = z.ZodType, O = unknown, A extends Access = Access> {
  readonly input: I;
  readonly kind: Kind;
  readonly access: A;
  /** Reads whose results are kept in the local cache and shown, with their time, when offline. */
  readonly keepOffline?: boolean;
  /** Areas ("dashboard") or operations ("dashboard.getOverview") whose reads a successful write makes stale. */
  readonly invalidates?: readonly string[];
  /** Phantom: the output type, never present at run time. */
  readonly __output?: O;
}

/** `op<Output>()({ input, kind, access })`: the output type is given, the input type is inferred from its schema. */
export const op =
  <O>() =>
  <I extends z.ZodType, A extends Access>(spec: Omit<OpSpec<I, O, A>, '__output'>): OpSpec<I, O, A> =>
    spec;

export type InputOf<S> = S extends OpSpec<infer I, unknown, Access> ? z.input<I> : never;
export type ParsedInputOf<S> = S extends OpSpec<infer I, unknown, Access> ? z.output<I> : never;
export type OutputOf<S> = S extends OpSpec<z.ZodType, infer O, Access> ? O : never;
