import type { z } from 'zod';
import type { AuditFact, Effect } from './facts.js';

/**
 * public: usable before sign-in (connection profiles, sign-in itself).
 * signedIn: needs a session, no role (sign-out, the no-role fallback page).
 * admin: needs a server-verified user holding the admin role, re-checked in main on every call.
 */
export type Access = 'public' | 'signedIn' | 'admin';

/** Reads may be answered from the offline cache; writes fail clearly when the backend cannot be reached. */
export type Kind = 'read' | 'write';

export interface OpSpec<
  I extends z.ZodType = z.ZodType,
  O = unknown,
  A extends Access = Access,
  K extends Kind = Kind,
  V extends readonly string[] = readonly string[],
> {
  readonly input: I;
  readonly kind: K;
  readonly access: A;
  /** Reads whose results are kept in the local cache and shown, with their time, when offline. */
  readonly keepOffline?: boolean;
  /**
   * Admin reads that main answers from this computer's replicas or index (no request to the server): released at
   * once on an admin check that passed within ADMIN_CHECK_REUSE_MS while a fresh one runs in the background
   * (shared/rules/auth/admin-check.ts says why A1 still holds), so they answer in milliseconds whatever the link.
   */
  readonly answersLocally?: true;
  /**
   * What a successful write makes stale: areas ("dashboard"), reads ("coaches.list") or '*' for everything.
   * Kept as literal types so the contract index rejects a name that is neither an area nor a read.
   */
  readonly invalidates?: V;
  /**
   * Deletes, permanent deletes, bulk removals and clean-ups: in a profile's confirm mode main runs them only after
   * the profile's name was typed (tests/unit/safety-contract.test.ts checks names like delete/remove/purge carry it).
   */
  readonly destructive?: boolean;
  /** Writes only, required on each (facts-check.ts): whether it changes the project or only this computer. */
  readonly effect?: Effect;
  /** Writes only, required on each (facts-check.ts): the rows the audit log keeps before and after, or why none. */
  readonly audit?: AuditFact;
  /** Phantom: the output type, never present at run time. */
  readonly __output?: O;
}

/**
 * `op<Output>()({ input, kind, access, ... })`: the output type is given, the input type is inferred from its
 * schema; kind and invalidates keep their literal types for the contract's check of invalidates, whether effect
 * and audit were given is kept in the type for the contract's check of every write's facts, and keepOffline for
 * the names of the kept reads (KeptReadName).
 */
export const op =
  <O>() =>
  <
    I extends z.ZodType,
    A extends Access,
    K extends Kind,
    const V extends readonly string[] = readonly [],
    E extends Effect | undefined = undefined,
    F extends AuditFact | undefined = undefined,
    const KO extends boolean = false,
  >(
    spec: Omit<OpSpec<I, O, A, K, V>, '__output' | 'effect' | 'audit' | 'keepOffline'> & { readonly effect?: E; readonly audit?: F; readonly keepOffline?: KO },
  ): OpSpec<I, O, A, K, V> & Declared<E, F> & { readonly keepOffline?: KO } =>
    spec as OpSpec<I, O, A, K, V> & Declared<E, F> & { readonly keepOffline?: KO };

/** The facts an entry was given, as types: `{ effect: 'local' }` when given, `{ effect?: undefined }` when not. */
export type Declared<E, F> = (undefined extends E ? { readonly effect?: undefined } : { readonly effect: E }) &
  (undefined extends F ? { readonly audit?: undefined } : { readonly audit: F });

export type InputOf<S> = S extends OpSpec<infer I, unknown, Access> ? z.input<I> : never;
export type ParsedInputOf<S> = S extends OpSpec<infer I, unknown, Access> ? z.output<I> : never;
export type OutputOf<S> = S extends OpSpec<z.ZodType, infer O, Access> ? O : never;
