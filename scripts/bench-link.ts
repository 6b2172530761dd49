/**
 * `npm run bench:link`: what an administrator waits for with a hosted project 50 and 150 ms away. For each screen
 * (the reads its page asks for when it opens, sent together as the renderer does) and each write: the round trips
 * in sequence before the data shows (counted through the simulated link: exact, whatever the machine's load), the
 * time to first data and to settled, and beside each the floor (one round trip plus the server's time, measured on
 * the loopback, for a screen; two for a write, which must wait for the admin check). `--data-dir DIR` reuses a
 * seeded backend.
 */
import { startLinkProxy, type LinkProxy, type LinkRecord } from '../main/local-backend/link/proxy.js';
import { roundTripsInSequence } from '../main/local-backend/link/sequence.js';
import { ADMIN_EMAIL, bootTestApp, type TestApp } from '../tests/support/booted.js';
import { benchArgs, loadAverage, runBench, withBenchBackend } from './support/bench.js';

const RTTS = [50, 150];

/** The reads each screen's page asks for as it opens (renderer/<area>/*Page.tsx), with the input it sends. */
type Screen = { readonly route: string; readonly reads: readonly (readonly [string, unknown])[] };
const SCREENS = (ids: Ids): Screen[] => [
  { route: 'dashboard', reads: [['dashboard.overview', {}]] },
  {
    route: 'analytics',
    reads: [
      ['analytics.userAnalytics', {}],
      ['analytics.syncStatus', {}],
    ],
  },
  {
    route: 'user-activity',
    reads: [
      ['analytics.userActivity', {}],
      ['analytics.syncStatus', {}],
    ],
  },
  { route: 'activity', reads: [['activity.timeline', { kind: null, cursor: null }]] },
  {
    route: 'users',
    reads: [
      ['users.syncStatus', { start: true }],
      ['users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 100 }],
    ],
  },
  { route: 'users/:userId', reads: [['users.detail', { userId: ids.user }]] },
  { route: 'feature-flags', reads: [['flags.list', {}]] },
  { route: 'imports', reads: [['imports.list', {}]] },
  { route: 'coaches', reads: [['coaches.list', {}]] },
  { route: 'coaches/:id', reads: [['coaches.get', { id: ids.coach }]] },
  { route: 'coach-requests', reads: [['coaches.requests', {}]] },
  { route: 'coach-inquiries', reads: [['coaches.inquiries', {}]] },
  { route: 'banners', reads: [['banners.list', {}]] },
  { route: 'products', reads: [['products.list', {}]] },
  {
    route: 'contact-inquiries',
    reads: [
      ['inquiries.list', {}],
      ['inquiries.stats', {}],
    ],
  },
  { route: 'wisdom-sources', reads: [['wisdom.list', {}]] },
  { route: 'privacy-intentions', reads: [['privacy.current', {}]] },
  { route: 'privacy-history', reads: [['privacy.history', {}]] },
  { route: 'feedback', reads: [['feedback.board', { search: '', type: 'all' }]] },
  { route: 'feedback/deleted', reads: [['feedback.trash', {}]] },
  { route: 'email-management', reads: [['email.deliveries', {}]] },
  {
    route: 'email-engagement',
    reads: [
      ['email.engagementAccess', {}],
      ['email.engagementStats', {}],
    ],
  },
  { route: 'affiliate-analytics', reads: [['affiliates.overview', { days: 30 }]] },
  { route: 'marketing-links', reads: [['marketing.list', {}]] },
  { route: 'campaign-analytics', reads: [['campaigns.analytics', {}]] },
  { route: 'api-usage', reads: [['apiusage.stats', {}]] },
  { route: 'internal-chatbot', reads: [['prompts.internalKnowledge', {}]] },
  { route: 'internal-chatbot/history', reads: [['prompts.conversations', { search: '', period: 'all', page: 0 }]] },
  { route: 'tts-library', reads: [['ttsLibrary.list', {}]] },
  {
    route: 'admin/audit',
    reads: [
      ['audit.list', { filters: {} }],
      ['audit.facets', {}],
      ['audit.status', {}],
    ],
  },
];

/** Reads main answers from this computer (contract answersLocally): under 50 ms whatever the link (issue 30 part 2). */
const LOCAL_READS: readonly (readonly [string, unknown])[] = [
  ['users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 100 }],
  ['users.page', { filter: 'all', search: 'a', sort: { key: 'email', direction: 'asc' }, offset: 0, limit: 100 }],
  ['analytics.userAnalytics', { days: 30 }],
  ['analytics.userActivity', {}],
  ['palette.search', { query: 'an' }],
];
const LOCAL_TARGET_MS = 50;

/**
 * Screens opened again after an administrator's pause, longer than the 4 s Node's fetch alone keeps an idle
 * connection when the server announces no timeout (hosted Supabase, and the link, announce none).
 */
const AFTER_PAUSE = ['dashboard', 'coaches', 'admin/audit'];
const PAUSE_MS = 5_000;

interface Ids {
  readonly user: string;
  readonly coach: string;
}

interface Measure {
  readonly trips: number;
  /** Requests that opened a connection (and paid its handshakes) rather than reusing a warm one. */
  readonly opened: number;
  readonly firstMs: number;
  readonly settledMs: number;
  readonly failed?: string;
  /** Its requests (chainOf). */
  readonly chain: string;
}

/** Round trips in sequence are the least of three runs (a run on a loaded machine can only add false ones), times the median. */
async function measure3(app: TestApp, link: LinkProxy, calls: readonly (readonly [string, unknown])[]): Promise<Measure> {
  const runs: Measure[] = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(app, link, calls));
  const byTrips = [...runs].sort((a, b) => a.trips - b.trips)[0]!;
  const median = (f: (m: Measure) => number) => runs.map(f).sort((a, b) => a - b)[1]!;
  return { ...byTrips, firstMs: median((m) => m.firstMs), settledMs: median((m) => m.settledMs), opened: median((m) => m.opened) };
}

/**
 * The requests of a run in the order they left (ms after the first, and the connection each came on, `+` when it
 * opened it): for a screen that still reads in a waterfall, and with --detail for every screen.
 */
function chainOf(records: readonly LinkRecord[]): string {
  const sorted = [...records].sort((a, b) => a.startMs - b.startMs);
  return sorted
    .map(
      (r) =>
        `${r.method} ${r.path.replace(/^\/(rest|auth|functions|storage)\/v1/, '$1')}@${Math.round(r.startMs - sorted[0]!.startMs)}-${Math.round(r.endMs - sorted[0]!.startMs)} #${r.connection}${r.newConnection ? '+' : ''}`,
    )
    .join(', ');
}

async function measure(app: TestApp, link: LinkProxy | undefined, calls: readonly (readonly [string, unknown])[]): Promise<Measure> {
  const before = link?.records().length ?? 0;
  const t0 = performance.now();
  let first = Infinity;
  const answers = await Promise.all(
    calls.map(async ([op, input]) => {
      const r = await app.call(op, input);
      first = Math.min(first, performance.now() - t0);
      return { op, r };
    }),
  );
  const settled = performance.now() - t0;
  // The requests this screen sent: those that left while it waited. A record is written once its answer has fully
  // crossed the link, which for an answer without a body can be just after the client had it: wait a round trip.
  if (link) await new Promise((r) => setTimeout(r, link.shape.rttMs));
  const records: LinkRecord[] = link
    ? link
        .records()
        .slice(before)
        .filter((r) => r.startMs >= t0 && r.startMs <= t0 + settled)
    : [];
  const bad = answers.find((a) => !a.r.ok);
  return {
    trips: roundTripsInSequence(records),
    opened: records.filter((r) => r.newConnection).length,
    chain: chainOf(records),
    firstMs: first,
    settledMs: settled,
    ...(bad && !bad.r.ok ? { failed: `${bad.op}: ${bad.r.code}` } : {}),
  };
}

const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')}`.padStart(6);

runBench(async () => {
  // --local-only: the local answers alone (the screens and writes skipped).
  // --detail: every screen's requests (connection opened or reused) of its first measured run.
  // --writes-only: the writes alone (the screens and local answers skipped).
  const { users, dataDir, flags } = benchArgs(2000, ['local-only', 'detail', 'writes-only']);
  const localOnly = flags.has('local-only');
  const writesOnly = flags.has('writes-only');
  const detail = flags.has('detail');
  await withBenchBackend(
    { title: `Link benchmark at ${users.toLocaleString('en-US')} users`, tempPrefix: 'reflect-bench-link-', dataDir, seed: { users } },
    async ({ backend, app: local, dataDir: backendDir }) => {
      console.log(`  ${loadAverage()}`);
      const firstUser = await local.data<{ rows: { user_id: string }[] }>('users.page', {
        filter: 'all',
        search: '',
        sort: { key: 'created', direction: 'desc' },
        offset: 0,
        limit: 1,
      });
      const coaches = await local.data<{ coaches: { id: string }[] }>('coaches.list');
      const ids: Ids = { user: firstUser.rows[0]!.user_id, coach: coaches.coaches[0]!.id };
      const screens = writesOnly ? [] : SCREENS(ids);
      const writes: Screen[] = [];
      const { password } = await local.data<{ password: string }>('dashboard.demoPassword');
      writes.push({ route: 'dashboard.setDemoPassword', reads: [['dashboard.setDemoPassword', { password }]] });
      writes.push({ route: 'palette.opened', reads: [['palette.opened', { kind: 'coach', id: ids.coach }]] });
      // Settled updates (update-settled.ts): the target read before the call, by the audit log and the settlement.
      const banner = (await local.data<{ id: string; active: boolean }[]>('banners.list'))[0];
      if (banner) writes.push({ route: 'banners.setActive', reads: [['banners.setActive', { id: banner.id, active: banner.active }]] });
      writes.push({ route: 'flags.grant', reads: [['flags.grant', { email: ADMIN_EMAIL, featureKey: 'email_analytics', notes: 'bench', expiresAt: null }]] });

      // The server's time: each screen on the loopback (warm), no link.
      const serverTime = new Map<string, number>();
      for (const s of localOnly ? [] : [...screens, ...writes]) {
        await measure(local, undefined, s.reads);
        serverTime.set(s.route, (await measure(local, undefined, s.reads)).settledMs);
      }

      for (const rtt of RTTS) {
        const link = await startLinkProxy({ upstream: backend.url, shape: { rttMs: rtt } });
        const app = bootTestApp(
          { url: link.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, databaseUrl: backend.databaseUrl, dataDir: backendDir },
          { overLink: true },
        );
        try {
          await app.signIn();
          console.log(`\n${rtt} ms round trip (new connections: TCP + TLS handshakes, 2 round trips)`);
          if (!localOnly && !writesOnly) console.log(`  ${'screen'.padEnd(26)} trips floor   first  settled   floor ms (1 trip + server)  new conns`);
          let atFloor = 0;
          const waterfalls: string[] = [];
          for (const s of localOnly ? [] : screens) {
            await measure(app, link, s.reads); // warm: connections open, kept reads and replicas as a returning administrator has them
            const m = await measure3(app, link, s.reads);
            const floorMs = rtt + (serverTime.get(s.route) ?? 0);
            if (m.trips <= 1) atFloor += 1;
            else waterfalls.push(`  ${s.route}: ${m.chain}`);
            console.log(
              `  ${s.route.padEnd(26)} ${String(m.trips).padStart(5)} ${'1'.padStart(5)} ${ms(m.firstMs)} ${ms(m.settledMs)} ${ms(floorMs)} ${String(m.opened).padStart(5)}${m.trips > 1 ? '   waterfall' : ''}${m.failed ? `   (${m.failed})` : ''}`,
            );
            if (detail) console.log(`      ${m.chain}`);
          }
          if (!localOnly && !writesOnly) console.log(`  ${atFloor} of ${screens.length} screens at the floor of one round trip in sequence`);
          if (waterfalls.length) console.log(`  still in a waterfall (request@ms after the first):\n${waterfalls.join('\n')}`);
          if (!localOnly && !writesOnly)
            console.log(`  ${`after a ${PAUSE_MS / 1000} s pause`.padEnd(26)} trips floor   first  settled   floor ms             new conns`);
          for (const s of localOnly ? [] : screens.filter((x) => AFTER_PAUSE.includes(x.route))) {
            await new Promise((r) => setTimeout(r, PAUSE_MS));
            const m = await measure(app, link, s.reads);
            console.log(
              `  ${s.route.padEnd(26)} ${String(m.trips).padStart(5)} ${'1'.padStart(5)} ${ms(m.firstMs)} ${ms(m.settledMs)} ${ms(rtt + (serverTime.get(s.route) ?? 0))} ${String(m.opened).padStart(5)}${m.failed ? `   (${m.failed})` : ''}`,
            );
            if (detail) console.log(`      ${m.chain}`);
          }
          // An administrator at work: the last admin check passed moments ago (the reads above), so a local answer
          // goes at once while a fresh check travels (shared/rules/auth/admin-check.ts). The median of five.
          if (!writesOnly) console.log(`  ${'local answer'.padEnd(40)}     ms   target`);
          for (const [op, input] of writesOnly ? [] : LOCAL_READS) {
            await measure(app, link, [[op, input]]);
            const runs: Measure[] = [];
            for (let i = 0; i < 5; i++) runs.push(await measure(app, link, [[op, input]]));
            const median = runs.map((m) => m.settledMs).sort((a, b) => a - b)[2]!;
            const bad = runs.find((m) => m.failed)?.failed;
            console.log(
              `  ${`${op} ${JSON.stringify(input).slice(0, 24)}`.padEnd(40)} ${ms(median)} ${String(LOCAL_TARGET_MS).padStart(6)}: ${median < LOCAL_TARGET_MS ? 'ok' : 'MISSED'}${bad ? `   (${bad})` : ''}`,
            );
          }
          if (!localOnly) console.log(`  ${'write'.padEnd(26)} trips floor     time   floor ms (2 trips + server)  new conns`);
          for (const w of localOnly ? [] : writes) {
            await measure(app, link, w.reads);
            const m = await measure3(app, link, w.reads);
            console.log(
              `  ${w.route.padEnd(26)} ${String(m.trips).padStart(5)} ${'2'.padStart(5)} ${ms(m.settledMs)} ${ms(2 * rtt + (serverTime.get(w.route) ?? 0))} ${String(m.opened).padStart(5)}${m.failed ? `   (${m.failed})` : ''}`,
            );
            if (detail) console.log(`      ${m.chain}`);
          }
        } finally {
          await app.close();
          await link.close();
        }
      }
    },
  );
});
