import type { Contract, ParsedInputOf, OutputOf } from '../../shared/contract/index.js';
import type { VerifiedUser } from '../services/auth/session-service.js';

/** What a handler knows about its call: the verified user for signedIn and admin operations. */
export interface CallContext {
  readonly user: VerifiedUser | null;
}

export interface AdminCallContext extends CallContext {
  readonly user: VerifiedUser;
}

type HandlerFor<S> = (input: ParsedInputOf<S>, ctx: S extends { access: 'public' } ? CallContext : AdminCallContext) => Promise<OutputOf<S>>;

/** An answer computed from local data when the backend cannot be reached, with the time that data is from. */
export interface OfflineAnswer<T> {
  readonly data: T;
  readonly fetchedAt: string;
}

/** Offline, for the admin this computer verified before; undefined when there is nothing local to answer from. */
export type OfflineFor<S> = (input: ParsedInputOf<S>, ctx: { readonly userId: string }) => Promise<OfflineAnswer<OutputOf<S>> | undefined>;

/**
 * A handler is a function, or, for a read main can answer from local data when offline (the analytics replica),
 * `{ run, offline }`; the router asks `offline` before the kept reads. Writes never answer offline.
 *
 * An admin read written as a function runs beside the admin check (its answer is released only once the check has
 * passed), so it must change nothing on this computer. A read that does (a replica's sync, audio kept in main) is
 * `{ run, offline }` or `{ run, afterCheck: true }`: it starts only once the check has passed.
 */
export type HandlerEntry<S> = S extends { readonly kind: 'read' }
  ? HandlerFor<S> | { readonly run: HandlerFor<S>; readonly offline: OfflineFor<S> } | { readonly run: HandlerFor<S>; readonly afterCheck: true }
  : HandlerFor<S>;

/** One handler per contract operation; the type makes a missing or mistyped handler a compile error. */
export type Handlers = { readonly [A in keyof Contract]: { readonly [M in keyof Contract[A]]: HandlerEntry<Contract[A][M]> } };
