import type { z } from 'zod';
import { callOptionsSchema, err, findOperation, ok, type InputIssue, type OpEntry, type Result } from '../../shared/contract/index.js';
import { AppError, OFFLINE_READ_MESSAGE, OFFLINE_WRITE_MESSAGE, OUTCOME_UNKNOWN_MESSAGE } from '../ground/errors.js';
import { changesStartHere, runTracked } from '../core/connectivity.js';
import { log } from '../ground/log.js';
import type { KeptRead, ReadCache } from '../cache/types.js';
import type { VerifiedUser } from '../services/auth/session-service.js';
import type { CallContext, Handlers } from './handlers-type.js';
import { confirmRefusal, readOnlyRefusal, type SafetyState } from './safety.js';
import type { AuditHook } from '../audit/recorder.js';
import type { InFlight } from './in-flight.js';
import { INPUT_TOO_DEEP_MESSAGE, MAX_INPUT_DEPTH, nestsDeeperThan } from '../../shared/rules/common/json-bounds.js';
import { firstNulPath, nulMessage } from '../../shared/rules/common/nul-text.js';

/** The checks behind the access levels, done with the server on every call. */
export interface AccessGate {
  requireSession(): Promise<VerifiedUser>;
  requireAdmin(): Promise<VerifiedUser>;
  /** For offline review: the locally stored user, if this computer verified them as an admin before. */
  offlineAdminId(): Promise<string | undefined>;
  /**
   * The signed-in user as this computer holds them, without asking the server: what an admin read runs as while
   * requireAdmin checks with the server beside it. Absent or undefined: reads wait for the check.
   */
  provisionalAdmin?(): Promise<VerifiedUser | undefined>;
  /**
   * The signed-in user if their admin check passed on this computer within ADMIN_CHECK_REUSE_MS and the backend was
   * last found reachable (shared/rules/auth/admin-check.ts): what a local answer (answersLocally) is released on at
   * once. Absent or undefined: the read waits for a fresh check as any other.
   */
  recentAdmin?(): Promise<VerifiedUser | undefined>;
  /**
   * Starts a fresh admin check in the background (one at a time); its refusal closes the window, and finding the
   * backend unreachable ends local answers until a request reaches it again.
   */
  recheckAdmin?(): void;
}

export interface RouterDeps {
  readonly handlers: Handlers;
  readonly gate: AccessGate;
  readonly readCache: () => Promise<ReadCache | undefined>;
  /** The active profile's safety mode (main/api/safety.ts); absent, every operation runs as in normal mode. */
  readonly safety?: SafetyState;
  /** Records every write that reaches its handler in the profile's audit log (main/audit). */
  readonly audit?: AuditHook;
  /** Told after a kept read is written (the command palette refreshes its index from the kept reads). */
  readonly kept?: (userId: string, op: string) => void;
  /** Told where each call is until it answers (main/api/in-flight.ts): what a call that never answers waits on. */
  readonly inFlight?: InFlight;
}

type Run = (input: unknown, ctx: CallContext) => Promise<unknown>;
type AnyEntry = Run | { run: Run; offline?: (input: unknown, ctx: { userId: string }) => Promise<KeptRead | undefined>; afterCheck?: true };

/** The admin check refused the call (not merely unreachable): its answer is final, whatever else happened. */
class Refused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * An admin read that changes nothing on this computer runs beside the admin check instead of after it, so a
 * screen's read costs one round trip, not three. Its answer is released only once the check has passed: a failed
 * check answers as it always did, and the read's outcome, whatever it was, is dropped unseen (never logged, never
 * kept). The user it runs as is the locally held one, which the check proves to be the server's.
 */
async function readBesideCheck(
  check: Promise<VerifiedUser>,
  provisional: VerifiedUser,
  run: Run,
  input: unknown,
): Promise<{ user: VerifiedUser; data: unknown }> {
  const read = Promise.resolve().then(() => run(input, { user: provisional }));
  read.catch(() => undefined);
  const user = await check.catch((e: unknown) => {
    throw e instanceof AppError && e.code !== 'OFFLINE' ? new Refused(e) : e;
  });
  // The check signs out a session whose server user differs from the local one; should they still differ, the read
  // ran as someone else: run it again as the verified user.
  if (user.id !== provisional.id) return { user, data: await run(input, { user }) };
  return { user, data: await read };
}

export interface Router {
  /** options: what the call carries beside its input (CallOptions), parsed as strictly as the input. */
  call(name: string, input: unknown, options?: unknown): Promise<Result<unknown>>;
}

const MAX_ISSUES = 10;

function issuesOf(error: z.ZodError): InputIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.code === 'unrecognized_keys' ? `Unknown field${i.keys.length > 1 ? 's' : ''}: ${i.keys.join(', ')}` : i.message,
  }));
}

/** A stable key for an operation's input, so the same question finds the same kept answer. */
export function inputKey(input: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sort(x)]),
          )
        : v;
  return JSON.stringify(sort(input ?? {}));
}

export function createRouter(deps: RouterDeps): Router {
  const handlerOf = (entry: OpEntry) => (deps.handlers as unknown as Record<string, Record<string, AnyEntry | undefined>>)[entry.area]?.[entry.method];

  async function offlineRead(entry: OpEntry, handler: AnyEntry, input: unknown, key: string): Promise<Result<unknown> | undefined> {
    if (entry.spec.kind !== 'read') return undefined;
    const userId = await deps.gate.offlineAdminId().catch(() => undefined);
    // An answer the handler computes from local data (the analytics replica) comes before the kept reads.
    const answer = typeof handler === 'function' ? undefined : handler.offline;
    const computed = userId && answer ? await answer(input, { userId }).catch(() => undefined) : undefined;
    if (computed) return ok(computed.data, { fetchedAt: computed.fetchedAt });
    if (!entry.spec.keepOffline) return undefined;
    const cache = await deps.readCache().catch(() => undefined);
    const kept = userId ? cache?.get(userId, entry.name, key) : undefined;
    return kept ? ok(kept.data, { fetchedAt: kept.fetchedAt }) : undefined;
  }

  return {
    async call(name, rawInput, rawOptions) {
      const entry = typeof name === 'string' ? findOperation(name) : undefined;
      if (!entry) return err('UNKNOWN_OPERATION', 'Unknown operation.');
      const handler = handlerOf(entry);
      if (!handler) return err('UNKNOWN_OPERATION', `The operation ${entry.name} is not available.`);

      const readOnly = readOnlyRefusal(deps.safety, entry);
      if (readOnly) return readOnly;
      // Before any step that walks the input recursively (the schema's, the kept-read key), so no depth is a 500.
      if (nestsDeeperThan(rawInput, MAX_INPUT_DEPTH)) return err('INVALID_INPUT', INPUT_TOO_DEEP_MESSAGE);
      const parsed = entry.spec.input.safeParse(rawInput === undefined ? {} : rawInput);
      if (!parsed.success) {
        const issues = issuesOf(parsed.error);
        return err('INVALID_INPUT', issues.map((i) => i.message).join('; ') || 'The request is not valid.', issues);
      }
      // After the schema, so a field's own wording (the palette's search) comes first; before anything is sent.
      const nulAt = firstNulPath(parsed.data);
      if (nulAt !== null) return err('INVALID_INPUT', nulMessage(nulAt), [{ path: nulAt, message: nulMessage(nulAt) }]);
      const options = callOptionsSchema.safeParse(rawOptions === undefined ? {} : rawOptions);
      if (!options.success) {
        const issues = issuesOf(options.error).map((i) => ({ path: i.path ? `options.${i.path}` : 'options', message: `Call options: ${i.message}` }));
        return err('INVALID_INPUT', issues.map((i) => i.message).join('; '), issues);
      }
      const key = inputKey(parsed.data);
      const unconfirmed = confirmRefusal(deps.safety, entry, options.data.confirmName);
      if (unconfirmed) return unconfirmed;

      const adminRead = entry.spec.kind === 'read' && entry.spec.access === 'admin';
      const besideCheck = adminRead && typeof handler === 'function' && deps.gate.provisionalAdmin;
      const local = adminRead && entry.spec.answersLocally === true && (typeof handler === 'function' || !handler.afterCheck) && deps.gate.recentAdmin;
      const keep = async (user: VerifiedUser, data: unknown) => {
        const cache = await deps.readCache();
        cache?.put(user.id, entry.name, key, data, new Date().toISOString());
        deps.kept?.(user.id, entry.name);
      };
      /**
       * A local answer on a check that passed moments ago while the backend was last found reachable
       * (shared/rules/auth/admin-check.ts): no round trip waited for, a fresh check meanwhile. Should that check (or
       * any request) have found the backend unreachable, or been refused, by the time the answer is ready, it is not
       * released: the call goes on as any other, to the offline form or the refusal.
       */
      const localAnswer = async (): Promise<{ data: unknown } | undefined> => {
        const recent = await deps.gate.recentAdmin?.().catch(() => undefined);
        if (!recent) return undefined;
        deps.gate.recheckAdmin?.();
        const data = await (typeof handler === 'function' ? handler : handler.run)(parsed.data, { user: recent });
        const still = await deps.gate.recentAdmin?.().catch(() => undefined);
        if (still?.id !== recent.id) return undefined;
        if (entry.spec.keepOffline) await keep(recent, data);
        return { data };
      };
      const flight = deps.inFlight?.begin(entry.name);
      const tracked = runTracked(async () => {
        if (local) flight?.stage('local answer');
        const released = local ? await localAnswer() : undefined;
        if (released) return released.data;
        const provisional = besideCheck ? await deps.gate.provisionalAdmin?.().catch(() => undefined) : undefined;
        if (provisional && typeof handler === 'function') {
          flight?.stage('read beside the check');
          const check = deps.gate.requireAdmin();
          changesStartHere();
          const { user, data } = await readBesideCheck(check, provisional, handler, parsed.data);
          flight?.stage('keeping the answer');
          if (entry.spec.keepOffline) await keep(user, data);
          return data;
        }
        // A write starts only once the check has passed (a refused check starts nothing).
        flight?.stage('admin check');
        const user =
          entry.spec.access === 'admin' ? await deps.gate.requireAdmin() : entry.spec.access === 'signedIn' ? await deps.gate.requireSession() : null;
        changesStartHere();
        const run = async () => {
          flight?.stage('handler');
          try {
            return await (typeof handler === 'function' ? handler : handler.run)(parsed.data, { user });
          } finally {
            // The audit log reads the target again and appends its entry before the answer goes.
            if (entry.spec.kind === 'write' && deps.audit) flight?.stage('audit log');
          }
        };
        const data = entry.spec.kind === 'write' && deps.audit ? await deps.audit(entry, parsed.data, user, run) : await run();
        flight?.stage('keeping the answer');
        if (entry.spec.keepOffline && user) await keep(user, data);
        return data;
      });

      try {
        return ok(await tracked.promise);
      } catch (caught) {
        flight?.stage('offline answer');
        // A refused check is the answer, even if the read beside it found the backend unreachable meanwhile.
        if (caught instanceof Refused) return err(caught.refusal.code, caught.refusal.message);
        const e = caught;
        const offline = tracked.unreachable() || (e instanceof AppError && e.code === 'OFFLINE');
        if (offline) {
          // "Nothing was saved" is only true when no change could have reached the server.
          // Only a change of the project can be in doubt: a write cut off during its access check sent none of its own
          // (the check's requests are not one), and one that changes only this computer (a sign-in, a replica refresh)
          // knows what it did here.
          const projectChange = entry.spec.kind === 'write' && entry.spec.effect === 'project';
          if (projectChange && tracked.changesStarted() && tracked.changeMayHaveLanded()) return err('OUTCOME_UNKNOWN', OUTCOME_UNKNOWN_MESSAGE);
          const kept = await offlineRead(entry, handler, parsed.data, key);
          if (kept) return kept;
          return err('OFFLINE', entry.spec.kind === 'write' ? OFFLINE_WRITE_MESSAGE : OFFLINE_READ_MESSAGE);
        }
        if (e instanceof AppError) return err(e.code, e.message);
        log.error(`Operation ${entry.name} failed:`, e);
        return err('INTERNAL', 'Something went wrong in Reflect Admin. The details are in the log.');
      } finally {
        flight?.end();
      }
    },
  };
}
