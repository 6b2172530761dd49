import type { Session, User } from '@supabase/supabase-js';
import { ADMIN_ROLE, ROLES, type Role, type SessionInfo, type SessionUser } from '../../../shared/rules/auth/types.js';
import type { SignUpResult } from '../../../shared/contract/areas/auth.js';
import { ACCESS_DENIED_MESSAGE, AppError, SESSION_ENDED_MESSAGE } from '../../ground/errors.js';
import { isOnline, retryAfterInThisCall, unreachableInThisCall } from '../../core/connectivity.js';
import { EMAIL_NOT_CONFIRMED_MESSAGE, USER_BANNED_MESSAGE, rateLimitMessage, waitSeconds } from '../../../shared/rules/auth/auth-answers.js';
import type { Connection, Connections } from '../../core/connections.js';
import type { EventBus } from '../../core/events.js';
import { AUTH_STORAGE_KEY } from '../../core/session-storage.js';
import { log } from '../../ground/log.js';
import { refreshBlockSuggestionsAtSignOut } from './block-suggestions-refresh.js';
import { answersLocallyAtOnce } from '../../../shared/rules/auth/admin-check.js';

/** A user verified with the server (getUser) in this call, with the roles read from user_roles. */
export interface VerifiedUser extends SessionUser {
  readonly roles: readonly Role[];
}

const VERIFIED_ADMIN_OP = 'auth.verifiedAdmin';

function toSessionUser(u: User): SessionUser {
  const username = typeof u.user_metadata?.username === 'string' ? u.user_metadata.username : null;
  return { id: u.id, email: u.email ?? '', username };
}

class Unreachable extends Error {}

/** The stored session was replaced (a sign-out, a new sign-in) while a check of the old one was under way. */
class SessionChanged extends Error {}

/** The session_id claim of an access token (GoTrue's, and the demo gateway's): the same across token refreshes. */
function sessionIdOf(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { session_id?: unknown };
    return typeof claims.session_id === 'string' ? claims.session_id : undefined;
  } catch {
    return undefined;
  }
}

const OFFLINE_AUTH_MESSAGE = 'The backend cannot be reached. Check the connection and try again.';

/** GoTrue's refusals of a sign-in or sign-up as the screens show them (codes from supabase/auth errorcodes.go). */
function authRefusal(error: { name: string; message: string; status?: number; code?: string }, fallback: AppError['code']): AppError {
  if (error.name === 'AuthRetryableFetchError') return new AppError('OFFLINE', OFFLINE_AUTH_MESSAGE);
  if (error.status === 429) return new AppError('RATE_LIMITED', rateLimitMessage(waitSeconds(error.code, error.message, retryAfterInThisCall())));
  if (error.code === 'email_not_confirmed') return new AppError('UNAUTHENTICATED', EMAIL_NOT_CONFIRMED_MESSAGE);
  if (error.code === 'user_banned') return new AppError('UNAUTHENTICATED', USER_BANNED_MESSAGE);
  return new AppError(fallback, error.message);
}

export interface SessionOptions {
  readonly now?: () => number;
  /** Whether the last request to the backend reached it (main/core/connectivity.ts). */
  readonly reachable?: () => boolean;
  /** Erases what this computer synced for an administrator the server no longer counts one (main/connection-services.ts). */
  readonly onRevoked?: (conn: Connection, userId: string) => Promise<void>;
  /** A sign-in starts: the project's connections can open while the password travels (main/core/warm-connections.ts). */
  readonly onSigningIn?: (conn: Connection) => void;
}

/** Sign-in, sign-up, sign-out and the server-side checks behind the router's access levels. */
export class SessionService {
  private signingOut: Promise<{ signedOut: boolean }> | undefined;
  /** The last admin check that passed (its start), for local answers (shared/rules/auth/admin-check.ts). */
  private adminPass: { readonly conn: Connection; readonly userId: string; readonly atMs: number } | undefined;
  private rechecking: Promise<unknown> | undefined;

  private readonly now: () => number;
  private readonly reachable: () => boolean;
  /** Erasures under way, per administrator (one at a time each). */
  private readonly erasing = new Map<string, Promise<void>>();

  constructor(
    private readonly connections: Connections,
    private readonly events: EventBus,
    private readonly opts: SessionOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.reachable = opts.reachable ?? isOnline;
  }

  /**
   * The server no longer counts this user an administrator (role revoked, account deleted): what this computer
   * kept for them goes, once; the replicas and their palette index too (opts.onRevoked). A failure is logged: the
   * refusal stands either way.
   */
  private async revoked(conn: Connection, userId: string): Promise<void> {
    conn.cache?.reads.clearUser(userId);
    const erase = this.opts.onRevoked;
    if (!erase) return;
    let running = this.erasing.get(userId);
    if (!running) {
      running = erase(conn, userId)
        .catch((err: unknown) => log.error('The local copies of a revoked administrator could not all be erased:', err))
        .finally(() => this.erasing.delete(userId));
      this.erasing.set(userId, running);
    }
    await running;
  }

  private async roles(conn: Connection, userId: string): Promise<Role[]> {
    const { data, error } = await conn.service.from('user_roles').select('role').eq('user_id', userId);
    if (error) {
      if (unreachableInThisCall()) throw new Unreachable();
      throw new AppError('BACKEND_ERROR', `Could not read the roles of this account: ${error.message}`);
    }
    return (data ?? []).map((r) => r.role as Role).filter((r) => (ROLES as readonly string[]).includes(r));
  }

  /**
   * Whether the stored session is still the one a check began with (a token refresh keeps its session_id; a sign-out
   * and a new sign-in do not). A check that ran across a sign-in must not act on the session that came in.
   */
  private stillStored(conn: Connection, checked: Session): boolean {
    const raw = conn.sessionStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return false;
    try {
      return sessionIdOf((JSON.parse(raw) as { access_token?: unknown }).access_token) === sessionIdOf(checked.access_token);
    } catch {
      return false;
    }
  }

  /** The server's answer about the current session: a user, nothing (signed out), or Unreachable. */
  private async serverUser(conn: Connection, local: { session: Session }): Promise<User | null> {
    const { data, error } = await conn.user.auth.getUser();
    // Signed out and in again (another user, or a new session) while this check ran: its verdict is not this one's.
    if (!this.stillStored(conn, local.session)) throw new SessionChanged();
    if (error) {
      if (error.name === 'AuthRetryableFetchError' || unreachableInThisCall()) throw new Unreachable();
      // The server no longer accepts this session (expired, revoked, user deleted): sign out locally.
      log.info('The stored session was refused by the server; signing out locally.');
      await this.clearLocal(conn);
      // A deleted account is revoked for good: as a revoked role, what was kept for it goes.
      const localId = local.session.user.id;
      if ((error as { code?: unknown }).code === 'user_not_found' && this.wasVerifiedAdmin(conn, localId)) await this.revoked(conn, localId);
      return null;
    }
    if (data.user.id !== local.session.user.id) {
      // Session and user disagree (spec 1 section 4): sign out.
      await this.clearLocal(conn);
      return null;
    }
    return data.user;
  }

  /** The session user as stored locally, without asking the server (for offline review). */
  localUserId(conn: Connection): string | undefined {
    const raw = conn.sessionStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as { user?: { id?: unknown } };
      return typeof parsed.user?.id === 'string' ? parsed.user.id : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The locally held user, if this computer verified them as an admin before, without asking the server: what an
   * admin read runs as beside the server's check (main/api/router.ts), which releases its answer only if it passes.
   */
  provisionalAdmin(conn: Connection): VerifiedUser | undefined {
    const raw = conn.sessionStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return undefined;
    try {
      const user = (JSON.parse(raw) as { user?: User }).user;
      if (!user || typeof user.id !== 'string') return undefined;
      const kept = conn.cache?.reads.get(user.id, VERIFIED_ADMIN_OP, '')?.data as { roles?: Role[] } | undefined;
      return kept?.roles ? { ...toSessionUser(user), roles: kept.roles } : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether this user was verified as an admin on this computer before (the condition for offline reads). */
  wasVerifiedAdmin(conn: Connection, userId: string): boolean {
    return conn.cache?.reads.get(userId, VERIFIED_ADMIN_OP, '') !== undefined;
  }

  /**
   * The user as the server verifies them, with their roles. The roles of the locally held user are read beside
   * getUser rather than after it (one round trip, not two); they count only once getUser has confirmed that same
   * user, and are dropped unseen otherwise.
   */
  private async verified(conn: Connection, again = true): Promise<VerifiedUser | null> {
    const { data: local } = await conn.user.auth.getSession();
    if (!local.session) return null;
    const localRoles = this.roles(conn, local.session.user.id);
    localRoles.catch(() => undefined);
    let user: User | null;
    try {
      user = await this.serverUser(conn, local);
    } catch (err) {
      // The session changed under the check: check the one stored now, once.
      if (err instanceof SessionChanged && again) return this.verified(conn, false);
      if (err instanceof SessionChanged) throw new AppError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
      throw err;
    }
    if (!user) return null;
    const roles = await localRoles;
    if (roles.includes(ADMIN_ROLE)) conn.cache?.reads.put(user.id, VERIFIED_ADMIN_OP, '', { roles }, new Date().toISOString());
    // The server no longer counts this user an admin (SECURITY A1): what this computer kept for them as one goes,
    // the mark that let reads run offline and beside the check included, and the replicas synced for them.
    else if (this.wasVerifiedAdmin(conn, user.id)) await this.revoked(conn, user.id);
    return { ...toSessionUser(user), roles };
  }

  async current(): Promise<SessionInfo | null> {
    const conn = await this.connections.current();
    try {
      const v = await this.verified(conn);
      return v ? { user: { id: v.id, email: v.email, username: v.username }, roles: v.roles, verified: true } : null;
    } catch (err) {
      if (!(err instanceof Unreachable)) throw err;
      // Offline: the locally kept session, with the roles it had when last verified here.
      const { data } = await conn.user.auth.getSession().catch(() => ({ data: { session: null } }));
      const user = data.session?.user;
      if (!user) return null;
      const kept = conn.cache?.reads.get(user.id, VERIFIED_ADMIN_OP, '')?.data as { roles?: Role[] } | undefined;
      return { user: toSessionUser(user), roles: kept?.roles ?? [], verified: false };
    }
  }

  async requireSession(): Promise<VerifiedUser> {
    const conn = await this.connections.current();
    let v: VerifiedUser | null;
    try {
      v = await this.verified(conn);
    } catch (err) {
      if (err instanceof Unreachable) throw new AppError('OFFLINE', 'The backend cannot be reached.');
      throw err;
    }
    if (!v) throw new AppError('UNAUTHENTICATED', SESSION_ENDED_MESSAGE);
    return v;
  }

  /** The router's gate for every admin operation: re-checked with the server on each call. */
  async requireAdmin(): Promise<VerifiedUser> {
    const conn = await this.connections.current();
    const startedMs = this.now();
    let v: VerifiedUser;
    try {
      v = await this.requireSession();
    } catch (err) {
      // The session ended (expired, revoked): as when signed out elsewhere. Unreachable proves nothing either way,
      // and another failure is no refusal; neither counts as a pass.
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED') this.closeAdminWindow(null);
      else if (!(err instanceof AppError && err.code === 'OFFLINE')) this.adminPass = undefined;
      throw err;
    }
    if (!v.roles.includes(ADMIN_ROLE)) {
      this.closeAdminWindow({ user: { id: v.id, email: v.email, username: v.username }, roles: v.roles, verified: true });
      throw new AppError('FORBIDDEN', ACCESS_DENIED_MESSAGE);
    }
    this.adminPass = { conn, userId: v.id, atMs: startedMs };
    return v;
  }

  /**
   * The locally held user if their admin check passed on this connection within ADMIN_CHECK_REUSE_MS and the
   * backend was last found reachable: a local answer is released on it at once (main/api/router.ts), with
   * recheckAdmin beside it. Undefined: the answer waits for a check of its own (and is offline if that is).
   */
  recentAdmin(conn: Connection): VerifiedUser | undefined {
    const pass = this.adminPass;
    if (!pass || pass.conn !== conn || !answersLocallyAtOnce(pass.atMs, this.now(), this.reachable())) return undefined;
    const user = this.provisionalAdmin(conn);
    return user?.id === pass.userId ? user : undefined;
  }

  /**
   * A fresh admin check in the background, one at a time: a refusal closes the window (requireAdmin). When it
   * cannot reach the backend, a local answer already shown as online may be on a screen: the windows are told, and
   * fetch those again in their offline form (renderer/api/local-answers.ts).
   */
  recheckAdmin(): void {
    this.rechecking ??= this.requireAdmin()
      .catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'OFFLINE') this.events.emit({ type: 'connectivity', online: false });
      })
      .finally(() => (this.rechecking = undefined));
  }

  /**
   * A refused check ends what a passed one allowed. When a window was open, local answers may be on screen: the
   * windows are told (a session without the admin role leaves the admin screens; none goes to sign-in).
   */
  private closeAdminWindow(session: SessionInfo | null): void {
    const was = this.adminPass;
    this.adminPass = undefined;
    if (was) this.events.emit({ type: 'session-changed', session });
  }

  async signIn(email: string, password: string): Promise<SessionInfo> {
    const conn = await this.connections.current();
    const startedMs = this.now();
    this.opts.onSigningIn?.(conn);
    const { data, error } = await conn.user.auth.signInWithPassword({ email, password });
    if (error) throw authRefusal(error, 'UNAUTHENTICATED');
    if (!data.user) throw new AppError('UNAUTHENTICATED', 'Sign-in failed.');
    await conn.user.auth.startAutoRefresh();
    const roles = await this.roles(conn, data.user.id);
    if (roles.includes(ADMIN_ROLE)) conn.cache?.reads.put(data.user.id, VERIFIED_ADMIN_OP, '', { roles }, new Date().toISOString());
    // The server has just verified this user and read their roles: as good as a passed check.
    this.adminPass = roles.includes(ADMIN_ROLE) ? { conn, userId: data.user.id, atMs: startedMs } : undefined;
    const session: SessionInfo = { user: toSessionUser(data.user), roles, verified: true };
    this.events.emit({ type: 'session-changed', session });
    return session;
  }

  async signUp(input: { email: string; password: string; username: string; acceptedTerms: boolean; termsVersion: string }): Promise<SignUpResult> {
    const conn = await this.connections.current();
    const { data, error } = await conn.user.auth.signUp({
      email: input.email,
      password: input.password,
      options: {
        data: {
          username: input.username,
          // Spec 1: terms acceptance is recorded as a timestamp or null.
          accepted_terms: input.acceptedTerms ? new Date().toISOString() : null,
          terms_version: input.termsVersion,
        },
      },
    });
    if (error) throw authRefusal(error, 'BACKEND_ERROR');
    // Hosted projects require confirmation: the answer is a user without a session, and a link is e-mailed.
    if (!data.session || !data.user) return { session: null, confirmationRequired: true };
    await conn.user.auth.startAutoRefresh();
    const roles = await this.roles(conn, data.user.id);
    const session: SessionInfo = { user: toSessionUser(data.user), roles, verified: true };
    this.events.emit({ type: 'session-changed', session });
    return { session, confirmationRequired: false };
  }

  /** Guarded against double use: a second call while one runs shares it. */
  signOut(): Promise<{ signedOut: boolean }> {
    this.signingOut ??= this.doSignOut().finally(() => {
      this.signingOut = undefined;
    });
    return this.signingOut;
  }

  private async doSignOut(): Promise<{ signedOut: boolean }> {
    const conn = await this.connections.current();
    const { data } = await conn.user.auth.getSession().catch(() => ({ data: { session: null } }));
    const userId = data.session?.user.id ?? this.localUserId(conn);
    if (!data.session && !userId) return { signedOut: false };
    // While the session still exists: refresh block suggestions when due, waiting 2 seconds at most, never failing.
    // Not on a read-only connection: the refresh writes to the project (a generation row, a prompt's usage count).
    if (data.session && !this.readOnly(conn)) await refreshBlockSuggestionsAtSignOut(conn.user, data.session.user.id);
    // Per-user local state goes first, so nothing of this user remains even if the server call fails.
    this.adminPass = undefined;
    if (userId) conn.cache?.reads.clearUser(userId);
    const { error } = await conn.user.auth.signOut();
    if (error) await this.clearLocal(conn);
    await conn.user.auth.stopAutoRefresh().catch(() => undefined);
    this.events.emit({ type: 'session-changed', session: null });
    return { signedOut: true };
  }

  /** The profile's mode as it is now (conn.profile is as it was when the connection opened). */
  private readOnly(conn: Connection): boolean {
    return (this.connections.registry.get(conn.profile.id) ?? conn.profile).safetyMode === 'read-only';
  }

  private async clearLocal(conn: Connection): Promise<void> {
    conn.sessionStorage.clear();
    // With the stored session gone, a local sign-out makes no server call and resets auth-js's state.
    await conn.user.auth.signOut({ scope: 'local' }).catch(() => undefined);
  }
}
