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

/** One handler per contract operation; the type makes a missing or mistyped handler a compile error. */
export type Handlers = { readonly [A in keyof Contract]: { readonly [M in keyof Contract[A]]: HandlerFor<Contract[A][M]> } };
