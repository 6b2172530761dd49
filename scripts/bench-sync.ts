/**
 * npm run bench:sync [-- --users 100000 --link 50ms,50mbit --data-dir DIR --users-only]
 *
 * The replicas' first syncs as a remote administrator waits for them (issue 30 part 3): the analytics benchmark's
 * dataset (100,000 users by default), the app reaching the backend through the link simulator (50 ms round trip,
 * 50 Mbit/s each way by default). Prints, for the user list's replica and the analytics replica, the first sync's
 * time against its target, the requests made, the bytes on the wire compressed and decoded, and whether every
 * figure equals ground truth (admin-get-users read whole without the link for the user list; SQL on the server for
 * the analytics).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { startLinkProxy, type LinkRecord } from '../main/local-backend/link/proxy.js';
import { describeLink, parseLinkSpec, type LinkShape } from '../main/local-backend/link/shape.js';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { ADMIN_EMAIL, bootTestApp, DEMO_PASSWORD } from '../tests/support/booted.js';
import { expectedAnalytics } from '../tests/integration/analytics-ground-truth.js';
import type { SharedBackend } from '../tests/support/shared-backend.js';
import { analyticsFrom } from '../main/services/analytics/screens.js';
import { readAllUsers } from '../main/services/users/list.js';
import type { UserListPage } from '../shared/contract/areas/users.js';
import type { UsersSyncTimings } from '../main/services/users/sync.js';
import type { SyncTimings } from '../main/services/analytics/sync.js';
import type { AdminUserRow } from '../shared/rules/users/types.js';
import { backendTempDir } from '../tests/support/temp-dir.js';
import { topUp } from './support/analytics-data.js';
import { childrenCpuMs, ownCpuMs } from './support/cpu.js';

const realtime = { transport: WebSocket } as unknown as NonNullable<Parameters<typeof createClient>[2]>['realtime'];
const TARGETS = { usersMs: 15_000, analyticsMs: 60_000 };
const MB = 1e6;

/**
 * Where the first sync's time went: the replica's own phases (cutting the ranges, the pull with its SQLite writes,
 * the index build), the function's answers as the client saw them (time to first byte less the round trip: the
 * server's work and any wait for the gateway's thread), the wire at the link's bandwidth, and how busy main's thread
 * was (the app, the gateway and the link share it in this benchmark).
 */
function usersBreakdown(records: readonly LinkRecord[], shape: LinkShape, t: UsersSyncTimings, signInMs: number, elu: number): string[] {
  const pages = records.filter((r) => r.path.includes('/functions/v1/admin-get-users'));
  const server = pages.map((r) => Math.max(0, r.firstByteMs - r.startMs - shape.rttMs));
  const body = pages.map((r) => r.endMs - r.firstByteMs);
  const bytes = records.reduce((n, r) => n + r.bytesDown, 0);
  const wireMs = shape.bitsPerSecond ? (bytes * 8 * 1000) / shape.bitsPerSecond : 0;
  const sum = (xs: readonly number[]) => Math.round(xs.reduce((n, x) => n + x, 0));
  const max = (xs: readonly number[]) => Math.round(Math.max(0, ...xs));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `    sign-in ${s(signInMs)}; ranges cut ${s(t.splitMs)}; pull ${s(t.pullMs)} (${t.pages} pages; rows checked on main's thread ${s(t.rowsMs)}); index build ${s(t.indexMs)}`,
    `    SQLite writing the pages ${s(t.writeMs)} (a first load: on the writer thread, the pull waiting ${s(t.writeWaitMs)} for it)`,
    `    admin-get-users: ${pages.length} answers, server (first byte less the round trip) ${s(sum(server))} summed, longest ${s(max(server))}; body ${s(sum(body))} summed, longest ${s(max(body))}; the wire alone ${s(wireMs)}`,
    `    main's thread busy ${(elu * 100).toFixed(0)}% of the sync`,
  ];
}

/** The table a request read, and what kind of request it was (a page of rows, a count, a first value). */
function requestKind(r: LinkRecord): { table: string; kind: 'page' | 'count' | 'first' | 'other' } {
  const query = new URLSearchParams(r.search);
  if (r.path === '/rest/v1/rpc/admin_analytics_page') return { table: query.get('p_table') ?? 'other', kind: 'page' };
  const m = /^\/rest\/v1\/([a-z_]+)$/.exec(r.path);
  if (!m) return { table: 'other', kind: 'other' };
  if (r.method === 'HEAD') return { table: m[1]!, kind: 'count' };
  if (query.get('limit') === '1') return { table: m[1]!, kind: 'first' };
  return { table: m[1]!, kind: query.has('limit') ? 'page' : 'other' };
}

/**
 * Where the analytics replica's first sync went: its phases (counting, the pull with the SQLite writes on the writer
 * thread beside it, the aggregates, the reconcile), the requests by kind and by table with their bytes, the server's
 * time per page (first byte less the round trip), how many pages were in flight on average, the wire at the link's
 * bandwidth, and the CPU of this process (app, gateway and link) and of PostgreSQL with PostgREST.
 */
function analyticsBreakdown(
  records: readonly LinkRecord[],
  shape: LinkShape,
  t: SyncTimings,
  elu: number,
  cpu: { readonly appMs: number; readonly serverMs: number },
): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
  const pct = (xs: readonly number[], p: number) => (xs.length ? sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : 0);
  const kinds = new Map<string, LinkRecord[]>();
  const tables = new Map<string, LinkRecord[]>();
  for (const r of records) {
    const { table, kind } = requestKind(r);
    (kinds.get(kind) ?? kinds.set(kind, []).get(kind)!).push(r);
    if (kind === 'page') (tables.get(table) ?? tables.set(table, []).get(table)!).push(r);
  }
  const pages = kinds.get('page') ?? [];
  const server = pages.map((r) => Math.max(0, r.firstByteMs - r.startMs - shape.rttMs));
  const body = pages.map((r) => r.endMs - r.firstByteMs);
  const down = (rs: readonly LinkRecord[]) => rs.reduce((n, r) => n + r.bytesDown, 0);
  const decoded = (rs: readonly LinkRecord[]) => rs.reduce((n, r) => n + r.decodedBytesDown, 0);
  const bytes = down(records);
  const wireMs = shape.bitsPerSecond ? (bytes * 8 * 1000) / shape.bitsPerSecond : 0;
  const span = pages.length ? Math.max(...pages.map((r) => r.endMs)) - Math.min(...pages.map((r) => r.startMs)) : 0;
  const inFlight = span ? pages.reduce((n, r) => n + (r.endMs - r.startMs), 0) / span : 0;
  const byKind = ['page', 'count', 'first', 'other']
    .map((k) => [k, kinds.get(k) ?? []] as const)
    .filter(([, rs]) => rs.length > 0)
    .map(([k, rs]) => `${k}s ${rs.length.toLocaleString('en-US')} (${mb(down(rs))}, ${mb(decoded(rs))} decoded)`)
    .join('; ');
  const byTable = [...tables]
    .sort((a, b) => down(b[1]) - down(a[1]))
    .map(
      ([name, rs]) =>
        `      ${name}: ${rs.length.toLocaleString('en-US')} pages, ${mb(down(rs))} on the wire, ${mb(decoded(rs))} decoded (${Math.round(decoded(rs) / Math.max(1, down(rs)))}:1)`,
    );
  return [
    `    counting ${s(t.countMs)}; pull ${s(t.pullMs)} (${t.pages.toLocaleString('en-US')} pages, ${mb(t.bytes)} decoded; waiting for the writer ${s(t.waitMs)}); aggregates ${s(t.aggregatesMs)}; reconcile ${s(t.reconcileMs)}`,
    `    SQLite busy ${s(t.writeMs)} (pages and aggregates, on the writer thread beside the requests)`,
    `    requests: ${byKind}`,
    `    pages: server (first byte less the round trip) median ${Math.round(pct(server, 0.5))} ms, p90 ${Math.round(pct(server, 0.9))} ms, ${s(server.reduce((n, x) => n + x, 0))} summed; body median ${Math.round(pct(body, 0.5))} ms; ${inFlight.toFixed(1)} in flight on average over ${s(span)}`,
    ...byTable,
    `    the wire alone ${s(wireMs)}; main's thread busy ${(elu * 100).toFixed(0)}% of the sync`,
    `    CPU: this process (app, gateway, link) ${s(cpu.appMs)}, PostgreSQL and PostgREST ${s(cpu.serverMs)}; floor on ${os.cpus().length} cores ${s((cpu.appMs + cpu.serverMs) / os.cpus().length)}`,
  ];
}

function wire(records: readonly LinkRecord[]): string {
  const down = records.reduce((n, r) => n + r.bytesDown, 0);
  const decoded = records.reduce((n, r) => n + r.decodedBytesDown, 0);
  const encodings = [...new Set(records.map((r) => r.encoding ?? 'none'))].join(', ');
  return `${records.length.toLocaleString('en-US')} requests; ${(down / MB).toFixed(1)} MB on the wire, ${(decoded / MB).toFixed(1)} MB decoded (${encodings})`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '100000' },
      link: { type: 'string', default: '50ms,50mbit' },
      'data-dir': { type: 'string' },
      'users-only': { type: 'boolean', default: false },
    },
  });
  const users = Number(values.users);
  const shape = parseLinkSpec(values.link);
  const dataDir = values['data-dir'] ?? backendTempDir('reflect-bench-sync-');
  const reuse = values['data-dir'] !== undefined && fs.existsSync(path.join(dataDir, 'pgdata'));
  console.log(
    `Replica sync benchmark: ${users.toLocaleString('en-US')} users through a link of ${describeLink(shape)}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  let t = performance.now();
  const backend = await startLocalBackend({ dataDir, fresh: !reuse, seed: { users } });
  const link = await startLinkProxy({ upstream: backend.url, shape, countDecoded: true });
  const shared: SharedBackend = { url: link.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, databaseUrl: backend.databaseUrl, dataDir };
  const app = bootTestApp(shared, { overLink: true });
  let failed: boolean | undefined;
  try {
    console.log(`  backend ${reuse ? 'started' : 'seeded'} in ${Math.round(performance.now() - t)} ms`);
    await topUp(backend, users);
    // The truth straight from the backend (no link, no request timeout): admin-get-users read whole by the admin,
    // signed in before the app is (a sign-in changes the admin's own row: last_sign_in_at).
    const direct = createClient(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime });
    const signedIn = await direct.auth.signInWithPassword({ email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    if (signedIn.error) throw signedIn.error;
    // Signing in starts the user list's first sync; the first users.page waits for it, as the screen does.
    let from = link.records().length;
    t = performance.now();
    const elu0 = performance.eventLoopUtilization();
    await app.signIn();
    const signInMs = performance.now() - t;
    const adminId = (await app.data<{ user: { id: string } }>('auth.getSession')).user.id;
    const services = await app.services.connections.services();
    const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');

    const first = await app.data<UserListPage>('users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 200 });
    const usersMs = Math.round(performance.now() - t);
    // The first rows answer once every row is written; the first load's indexes may still be building: waited for here.
    if (services.users.sync.syncing) await services.users.sync.sync();
    const usersDoneMs = Math.round(performance.now() - t);
    const elu = performance.eventLoopUtilization(elu0).utilization;
    const usersRecords = link.records().slice(from);
    const usersWire = wire(usersRecords);
    let truthMs = performance.now();
    const truth: AdminUserRow[] = await readAllUsers(direct);
    truthMs = performance.now() - truthMs;
    const replicaRows: AdminUserRow[] = [];
    // Straight from the replica's SQL, in the list's order (the screen's pages read the same rows 500 at a time).
    for (let offset = 0; offset < first.total; offset += 5000)
      replicaRows.push(...services.users.store.page({ filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } }, offset, 5000).rows);
    const usersEqual = isDeepStrictEqual(replicaRows, truth);
    if (!usersEqual) {
      const differing = truth.filter((r, i) => !isDeepStrictEqual(r, replicaRows[i])).length;
      console.log(`  rows differing from admin-get-users: ${differing} of ${truth.length} (the replica holds ${replicaRows.length})`);
    }
    console.log('\nThe user list replica, first sync (from signing in, which starts it, to the first rows of Users)');
    console.log(
      `  ${usersMs.toLocaleString('en-US')} ms for ${first.total.toLocaleString('en-US')} users   target <= ${TARGETS.usersMs.toLocaleString('en-US')} ms: ${ok(usersMs <= TARGETS.usersMs)}`,
    );
    console.log(`  the sync ended (indexes built) at ${usersDoneMs.toLocaleString('en-US')} ms`);
    const timings = services.users.sync.lastResult?.timings;
    if (timings) for (const line of usersBreakdown(usersRecords, shape, timings, signInMs, elu)) console.log(line);
    console.log(`  ${usersWire}`);
    console.log(`    admin-get-users read whole without the link, pages of 10,000 one after another: ${(truthMs / 1000).toFixed(1)} s`);
    console.log(`  every row, in order, equal to admin-get-users: ${usersEqual}`);

    if (values['users-only']) {
      if (!usersEqual || usersMs > TARGETS.usersMs) process.exitCode = 1;
      return;
    }
    from = link.records().length;
    const load = os.loadavg()[0]!;
    const serverCpu0 = childrenCpuMs();
    const appCpu0 = process.cpuUsage();
    const aElu0 = performance.eventLoopUtilization();
    t = performance.now();
    await services.analytics.sync.sync();
    const analyticsMs = Math.round(performance.now() - t);
    const aElu = performance.eventLoopUtilization(aElu0).utilization;
    const cpu = { appMs: ownCpuMs(appCpu0), serverMs: childrenCpuMs() - serverCpu0 };
    const analyticsRecords = link.records().slice(from);
    const analyticsWire = wire(analyticsRecords);
    const figures = analyticsFrom(services.analytics, { days: 30, includeAdmin: false }, adminId);
    const { replica: _r, ...replicaFigures } = figures;
    const expected = await expectedAnalytics({ ...shared, url: backend.url }, 30, adminId, figures.asOf);
    const analyticsEqual = isDeepStrictEqual(replicaFigures, expected);
    const phases = services.analytics.sync.lastTimings;
    console.log(`\nThe analytics replica, first sync (load average ${load.toFixed(1)} at its start)`);
    console.log(
      `  ${analyticsMs.toLocaleString('en-US')} ms   target <= ${TARGETS.analyticsMs.toLocaleString('en-US')} ms: ${ok(analyticsMs <= TARGETS.analyticsMs)}`,
    );
    if (phases) for (const line of analyticsBreakdown(analyticsRecords, shape, phases, aElu, cpu)) console.log(line);
    console.log(`  ${analyticsWire}`);
    console.log(`  User Analytics (30 days) equal to ground-truth SQL: ${analyticsEqual}`);
    console.log(`\nload average after: ${os.loadavg()[0]!.toFixed(1)}`);
    failed = !usersEqual || !analyticsEqual || usersMs > TARGETS.usersMs || analyticsMs > TARGETS.analyticsMs;
  } finally {
    await app.close();
    await link.close();
    await backend.stop();
    if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
