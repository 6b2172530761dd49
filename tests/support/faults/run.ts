/**
 * The randomized run of issue 31: two app instances (two routers, two data folders with their cache and audit files,
 * two sessions) drive writes chosen at random, with valid and some invalid inputs, interleaved with reads, through a
 * link that injects faults, against one backend; at checkpoints and at the end the database is asked what really
 * happened. The writes are chosen from one seed and the faults from another, so a violation names the seed and the
 * step to replay.
 */
import pg from 'pg';
import { createFaultSchedule, FAULT_KINDS, seededRandom, type FaultKind, type FaultSchedule } from '../../../main/local-backend/link/faults.js';
import { inputKey } from '../../../main/api/router.js';
import { startLinkProxy } from '../../../main/local-backend/link/proxy.js';
import { setRequestTimeout } from '../../../main/core/connectivity.js';
import { OPERATIONS } from '../../../shared/contract/index.js';
import { bootTestApp, type TestApp } from '../booted.js';
import type { SharedBackend } from '../shared-backend.js';
import {
  checkAdded,
  checkAnswer,
  checkDeletions,
  checkInvariants,
  checkMarkers,
  judgeRemoved,
  judgeSet,
  unsettled,
  userTables,
  type Call,
  type Violation,
} from './checks.js';
import { plan, READS, writesNotGenerated, type Removes, type Sets } from './generators.js';
import { ADMINS, ensureSecondAdmin } from './admins.js';
import { readWorld, type World } from './world.js';
import { lateViolation, WATCHDOG_MS, within } from './watchdog.js';
import { describeInFlight } from '../../../main/api/in-flight.js';

export interface FaultRunOptions {
  readonly backend: SharedBackend;
  readonly ops: number;
  readonly seed: number;
  readonly faultRate: number;
  /** Operations between two checks against the database. Default 100. */
  readonly checkpointEvery?: number;
  /** The app's request timeout during the run (a stall outlasts it by half a second). Default 2 s. */
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
  /** Starts no new round after this many ms (the end's checks still run): the largest run a time allows. */
  readonly maxMs?: number;
  /**
   * Stops and starts PostgREST or PostgreSQL of the backend (LocalBackend.restart): drawn per round as one more kind
   * of fault, beside the round's two calls. Absent, the run restarts nothing.
   */
  readonly restart?: (part: 'postgrest' | 'postgres', downMs: number) => Promise<void>;
  /**
   * A call not answered within this many ms is a violation (with what main is waiting on) and the run goes on
   * without it; after `maxLate` such calls it stops (the end's checks still run). Default 90 s and 3.
   */
  readonly watchdogMs?: number;
  readonly maxLate?: number;
}

export interface FaultRunResult {
  readonly operations: number;
  readonly faults: number;
  /** Restarts of PostgREST and of PostgreSQL among the faults. */
  readonly restarts: Readonly<Record<'postgrest' | 'postgres', number>>;
  readonly violations: readonly Violation[];
  /** How the calls were answered, by code. */
  readonly answers: Readonly<Record<string, number>>;
  /** Writes answered "outcome unknown" that main could not settle (the checks settled them from the database), by operation. */
  readonly unsettled: Readonly<Record<string, number>>;
  /** Reads served offline (during the run, and with the link down at each checkpoint) checked against the answers received. */
  readonly keptReadsChecked: number;
  readonly notGenerated: readonly string[];
  readonly summary: string;
}

type AuditDb = { prepare(sql: string): { all(...args: unknown[]): unknown[]; get(...args: unknown[]): unknown } };

async function auditDbOf(app: TestApp): Promise<AuditDb | undefined> {
  const conn = await app.services.connections.current();
  return conn.audit?.db as unknown as AuditDb | undefined;
}

/**
 * The user client's session state as supabase-js holds it (its private fields, read for this report only): a refresh
 * under way, a refresh failure it keeps answering with, a stored session and when its token expires.
 */
/** supabase-js's own queue (its lock in Node is a queue of calls): read at once, since getSession may wait on it. */
async function authQueue(app: TestApp): Promise<string> {
  const conn = await app.services.connections.current();
  const auth = conn.user.auth as unknown as { lockAcquired?: boolean; pendingInLock?: unknown[]; refreshingDeferred?: unknown };
  return `; auth queue: held ${auth.lockAcquired === true}, ${auth.pendingInLock?.length ?? 0} waiting, refresh under way ${!!auth.refreshingDeferred}`;
}

async function authState(app: TestApp): Promise<string> {
  try {
    const conn = await app.services.connections.current();
    const auth = conn.user.auth as unknown as { refreshingDeferred?: unknown; lastRefreshFailure?: unknown };
    const { data } = await conn.user.auth.getSession();
    const expiresIn = data.session?.expires_at ? `${Math.round(data.session.expires_at - Date.now() / 1000)} s` : 'no session';
    return `; auth: refresh under way ${!!auth.refreshingDeferred}, refresh failure kept ${!!auth.lastRefreshFailure}, token expires in ${expiresIn}`;
  } catch (e) {
    return `; auth state unreadable (${e instanceof Error ? e.message : String(e)})`;
  }
}

export async function runFaults(opts: FaultRunOptions): Promise<FaultRunResult> {
  const log = opts.log ?? (() => undefined);
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const stallMs = timeoutMs + 500;
  const every = opts.checkpointEvery ?? 100;
  const db = new pg.Pool({ connectionString: opts.backend.databaseUrl, max: 3 });
  // A restarted PostgreSQL drops the checker's idle connections: they are replaced, not fatal.
  db.on('error', () => undefined);
  const seeded = createFaultSchedule({ seed: opts.seed, rate: opts.faultRate });
  // A checkpoint takes the link down on purpose (every request cut) to ask each instance what it serves offline;
  // those cuts are not the run's faults and draw nothing from its seed.
  let down: FaultKind | undefined;
  const faults: FaultSchedule = { ...seeded, next: (method, path) => down ?? seeded.next(method, path) };
  faults.pause(true);
  const link = await startLinkProxy({ upstream: opts.backend.url, shape: { rttMs: 0 }, handshakeRoundTrips: 0, faults, stallMs });
  setRequestTimeout(timeoutMs);
  const apps = {
    A: bootTestApp({ ...opts.backend, url: link.url }, { overLink: true }),
    B: bootTestApp({ ...opts.backend, url: link.url }, { overLink: true }),
  };
  const violations: Violation[] = [];
  const calls: Call[] = [];
  const answers: Record<string, number> = {};
  // Every answer each instance really received from the server, per read and input: what it may serve offline.
  const received = { A: new Map<string, Set<string>>(), B: new Map<string, Set<string>>() };
  let keptReadsChecked = 0;
  const restarts = { postgrest: 0, postgres: 0 };
  const watchdogMs = opts.watchdogMs ?? WATCHDOG_MS;
  let late = 0;
  const isRead = (op: string) => READS.some(([r]) => r === op);
  /** A read's answer: kept when it came from the server, checked against those when it was served offline. */
  const sawRead = (i: 'A' | 'B', step: number, op: string, input: unknown, result: Call['result']): Violation | undefined => {
    if (!result.ok) return undefined;
    const key = `${op} ${inputKey(input)}`;
    const json = JSON.stringify(result.data);
    if (!result.offline) {
      const seen = received[i].get(key) ?? new Set<string>();
      received[i].set(key, seen.add(json));
      return undefined;
    }
    keptReadsChecked++;
    if (received[i].get(key)?.has(json)) return undefined;
    return { step, instance: i, op, message: 'served offline an answer it never received from the server (kept reads mixed or stale from elsewhere)' };
  };
  const report = (v: Violation) => {
    violations.push(v);
    log(`violation (seed ${opts.seed}, step ${v.step}${v.instance ? `, admin ${v.instance}` : ''}${v.op ? `, ${v.op}` : ''}): ${v.message}`);
  };
  /**
   * `what()`'s answer, or undefined when it has none within the watchdog's bound: then a violation names the call
   * and where each of the instance's calls in flight is, and the run goes on.
   */
  const watched = async <T>(what: () => Promise<T>, asked: { step: number; instance?: 'A' | 'B'; op: string; input?: unknown }): Promise<T | undefined> => {
    const faultsBefore = faults.events().length;
    const w = await within(what(), watchdogMs);
    if (w.answered) return w.value;
    late++;
    answers['no answer'] = (answers['no answer'] ?? 0) + 1;
    const app = asked.instance ? apps[asked.instance] : undefined;
    // The link's faults since the call began (both instances'): which request of it may have met one.
    const met = faults
      .events()
      .slice(faultsBefore)
      .slice(0, 8)
      .map((e) => `${e.kind} ${e.method} ${e.path}`);
    // Asking supabase-js for the session may wait on the same thing as the call: bounded too.
    const queue = app ? await within(authQueue(app), 1_000) : undefined;
    const read = app ? await within(authState(app), 5_000) : undefined;
    const auth =
      (queue?.answered ? queue.value : '') + (!read ? '' : read.answered ? read.value : "; auth: the client's getSession did not answer within 5 s either");
    const waitingOn = () => `${app ? describeInFlight(app.inFlight.list()) : 'the run itself'}; faults since it began: ${met.join(', ') || 'none'}${auth}`;
    report(lateViolation({ ...asked, ms: watchdogMs, waitingOn }));
    return undefined;
  };
  try {
    await ensureSecondAdmin(opts.backend, db);
    // The link's faults are on from the first request: a sign-in that met one is tried again, as an administrator would.
    const signIn = async (app: TestApp, email: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await app.signIn(email);
        } catch (err) {
          if (attempt >= 5) throw err;
        }
      }
    };
    await signIn(apps.A, ADMINS.A);
    await signIn(apps.B, ADMINS.B);
    const audits = { A: await auditDbOf(apps.A), B: await auditDbOf(apps.B) };
    const since = (await db.query<{ now: Date }>('select now() as now')).rows[0]!.now.toISOString();
    const tables = await userTables(db);
    const random = seededRandom(opts.seed ^ 0x5eed);
    let world: World = await readWorld(db);

    /** Signs in again, as the administrator would, also while a restarted service comes back (a few tries). */
    const signInAgain = async (i: 'A' | 'B') => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await apps[i].signIn(ADMINS[i]);
        } catch (e) {
          if (attempt >= 10) throw e;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    /**
     * Each write's area and when it ran: an update's target is judged only when no other write of its area ran from
     * a stall before it began (a request held that long may land late) until it was judged.
     */
    const spans: { step: number; area: string; start: number; end?: number }[] = [];
    const areaOf = (op: string) => op.slice(0, op.indexOf('.'));
    const contested = (step: number, area: string, start: number) =>
      spans.some((o) => o.step !== step && o.area === area && (o.end === undefined || o.end >= start - stallMs - 500));
    /** The target's row, undefined when there is none, 'unread' while a restarted PostgreSQL cannot answer (not judged then). */
    const readTarget = async (t: Sets): Promise<Record<string, unknown> | undefined | 'unread'> => {
      const cols = Object.keys(t.match);
      const where = cols.map((c, n) => `${c} = $${n + 1}`).join(' and ');
      try {
        return (
          await db.query(
            `select * from ${t.table} where ${where}`,
            cols.map((c) => t.match[c]),
          )
        ).rows[0] as Record<string, unknown> | undefined;
      } catch {
        return 'unread';
      }
    };
    /** Whether the delete's row is there; 'unread' while a restarted PostgreSQL cannot answer (not judged then). */
    const rowThere = async (t: Removes): Promise<boolean | 'unread'> => {
      try {
        return ((await db.query(`select 1 from ${t.table} where id = $1`, [t.id])).rowCount ?? 0) > 0;
      } catch {
        return 'unread';
      }
    };
    const lastAuditId = (i: 'A' | 'B') => (audits[i]?.prepare('select coalesce(max(id), 0) as id from audit_log').get() as { id: number } | undefined)?.id ?? 0;
    /**
     * One administrator's call of a round. A failure of the run's own making (a generator or a check throwing) is a
     * violation naming its step, not the end of the run: a round rejecting would leave the other call of the round
     * running while the run closes the instances under it.
     */
    const one = (i: 'A' | 'B', step: number): Promise<void> =>
      oneCall(i, step).catch((e: unknown) =>
        report({ step, instance: i, message: `the run's own step failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` }),
      );
    const oneCall = async (i: 'A' | 'B', step: number): Promise<void> => {
      const planned = plan(random, world, `${opts.seed}-${step}`);
      const before = lastAuditId(i);
      const span = { step, area: areaOf(planned.op), start: performance.now() } as (typeof spans)[number];
      // Spans long over cannot contest any call still to come; reads and invalid inputs write nothing.
      for (let n = spans.findIndex((o) => o.end === undefined || o.end >= span.start - 60_000); n > 0; n--) spans.shift();
      if (!isRead(planned.op) && !planned.invalid) spans.push(span);
      const targetBefore = planned.sets ? await readTarget(planned.sets) : undefined;
      const thereBefore = planned.removes ? await rowThere(planned.removes) : undefined;
      const ask = () => watched(() => apps[i].call(planned.op, planned.input), { step, instance: i, op: planned.op, input: planned.input });
      let result = await ask();
      // A session lost to a fault (its refresh cut) is signed in again, as the administrator would.
      if (result && !result.ok && result.code === 'UNAUTHENTICATED') {
        faults.pause(true);
        const signedIn = await watched(async () => (await signInAgain(i), true), { step, instance: i, op: 'auth.signIn' });
        faults.pause(false);
        result = signedIn ? await ask() : undefined;
      }
      // No answer: the call may still be writing for as long again.
      if (!result) return void (span.end = performance.now() + watchdogMs);
      const audit = (audits[i]?.prepare('select operation, outcome, admin_email as admin from audit_log where id > ? order by id').all(before) ??
        []) as Call['audit'];
      const call: Call = { step, instance: i, admin: ADMINS[i], planned, result, audit };
      if (planned.sets) {
        const targetAfter = await readTarget(planned.sets);
        if (targetBefore !== 'unread' && targetAfter !== 'unread')
          for (const message of judgeSet(call, targetBefore, targetAfter, contested(step, span.area, span.start)))
            report({ step, instance: i, op: planned.op, message });
      }
      if (planned.removes && thereBefore !== undefined && thereBefore !== 'unread') {
        const thereAfter = await rowThere(planned.removes);
        if (thereAfter !== 'unread')
          for (const message of judgeRemoved(call, thereBefore, thereAfter, contested(step, span.area, span.start)))
            report({ step, instance: i, op: planned.op, message });
      }
      span.end = performance.now();
      calls.push(call);
      const code = result.ok ? 'ok' : result.code;
      answers[code] = (answers[code] ?? 0) + 1;
      for (const v of checkAnswer(call)) report(v);
      if (isRead(planned.op)) {
        const v = sawRead(i, step, planned.op, planned.input, result);
        if (v) report(v);
      }
    };

    const checkpoint = async (step: number, final: boolean) => {
      faults.pause(true);
      // Stalled requests still on their way land first.
      await new Promise((r) => setTimeout(r, stallMs + 300));
      const fresh = calls.filter((c) => !c.checked);
      for (const v of await checkMarkers(db, fresh, calls)) report(v);
      for (const v of await checkDeletions(db, fresh, tables)) report(v);
      for (const message of await checkInvariants(db)) report({ step, message });
      if (final) for (const v of await checkAdded(db, calls, since)) report(v);
      // With the link down, every kept read each instance serves must be one answer it really received.
      down = 'cut-before';
      try {
        for (const i of ['A', 'B'] as const)
          for (const [op, input] of READS) {
            const result = await watched(() => apps[i].call(op, input), { step, instance: i, op, input });
            if (!result) continue;
            if (result.ok && !result.offline) report({ step, instance: i, op, message: 'answered as if online while the link was down' });
            const v = result.ok && result.offline ? sawRead(i, step, op, input, result) : undefined;
            if (v) report(v);
          }
      } finally {
        down = undefined;
      }
      for (const c of fresh) c.checked = true;
      log(
        `  step ${step}: ${calls.length} operations, ${faults.events().length + restarts.postgrest + restarts.postgres} faults, ${violations.length} violations`,
      );
      faults.pause(false);
    };

    faults.pause(false);
    // A restart is one more kind of fault beside the link's, drawn per round from a seed of its own (the calls' and
    // the link's draws stay as they were): at the fault rate shared among the kinds.
    const restartRandom = seededRandom(opts.seed ^ 0x4e57);
    const restartShare = opts.restart ? opts.faultRate / (FAULT_KINDS.length + 1) : 0;
    const restartOf = async (step: number): Promise<void> => {
      const draw = restartRandom();
      const part = restartRandom() < 0.5 ? 'postgrest' : 'postgres';
      if (!opts.restart || draw >= restartShare) return;
      restarts[part]++;
      log(`  step ${step}: restarting ${part === 'postgres' ? 'PostgreSQL' : 'PostgREST'}`);
      // The round's calls are on their way when the service goes.
      await new Promise((r) => setTimeout(r, 20));
      // Down for up to a second: the other calls of the round meet the outage.
      await opts.restart(part, Math.floor(restartRandom() * 1_000));
    };
    // Rounds: each administrator makes one call, both at once (the calls are chosen in order, so a seed replays them).
    const stopAt = performance.now() + (opts.maxMs ?? Infinity);
    const maxLate = opts.maxLate ?? 3;
    for (let step = 0; step < opts.ops && performance.now() < stopAt && late < maxLate; step += 2) {
      const pair: Promise<unknown>[] = [one('A', step), watched(() => restartOf(step), { step, op: 'restart' })];
      if (step + 1 < opts.ops) pair.push(one('B', step + 1));
      await Promise.all(pair);
      if ((step + 2) % 20 === 0) {
        faults.pause(true);
        world = await readWorld(db);
        faults.pause(false);
      }
      if ((step + 2) % every === 0 && step + 2 < opts.ops && performance.now() < stopAt && late < maxLate) await checkpoint(step + 1, false);
    }
    await checkpoint(calls.length - 1, true);
    const allWrites = OPERATIONS.filter((o) => o.spec.kind === 'write').map((o) => o.name);
    const faultCount = faults.events().length + restarts.postgrest + restarts.postgres;
    const summary = `${calls.length} operations, ${faultCount} faults, ${violations.length} violations`;
    return {
      operations: calls.length,
      faults: faultCount,
      restarts,
      violations,
      answers,
      unsettled: unsettled(calls),
      keptReadsChecked,
      notGenerated: writesNotGenerated(allWrites),
      summary,
    };
  } finally {
    setRequestTimeout(30_000);
    // An instance with a call that never answered may not close either: the run still ends.
    for (const app of [apps.A, apps.B]) await within(app.close(), watchdogMs).catch(() => undefined);
    await link.close();
    await db.end();
  }
}
