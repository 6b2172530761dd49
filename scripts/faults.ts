/**
 * `npm run faults -- --ops N --seed S --fault-rate R`: two administrators at once, through a link that injects faults
 * at rate R (0.1 or 10%), make N operations chosen from seed S against a freshly seeded demo backend; every
 * violation is printed with its seed and step, and last one line: `N operations, F faults, V violations`.
 * `--data-dir DIR` keeps the backend's folder (a seeded one is reused). `--token-seconds N`: the demo's access tokens last N
 * seconds (a refresh about every N - 90 s per administrator). `--watchdog S`: a call not answered within S
 * seconds (default 90) is a violation naming it and what main waits on, and the run goes on. Exits 1 on any violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { setLogSink } from '../main/ground/log.js';
import { parseFaultRate } from '../main/local-backend/link/faults.js';
import { runFaults } from '../tests/support/faults/run.js';
import { backendTempDir, removeBackendTempDir } from '../tests/support/temp-dir.js';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'fault-rate': { type: 'string', default: '0.1' },
    checkpoint: { type: 'string', default: '100' },
    /** The app's request timeout in ms during the run; a stall outlasts it. */
    timeout: { type: 'string', default: '2000' },
    /** Starts no new operation after this many minutes (the end's checks still run). */
    minutes: { type: 'string' },
    /** A call not answered within this many seconds is a violation (with what main waits on); the run goes on. */
    watchdog: { type: 'string', default: '90' },
    'data-dir': { type: 'string' },
    /** How long the demo's access tokens last (default 3600 s, as hosted): shorter, the run meets token refreshes. */
    'token-seconds': { type: 'string' },
  },
});
const ops = Number(values.ops);
const seed = Number(values.seed);
if (!Number.isInteger(ops) || ops < 1) throw new Error(`--ops takes a whole number of operations; got "${values.ops}".`);
if (!Number.isInteger(seed)) throw new Error(`--seed takes a whole number; got "${values.seed}".`);
const watchdogS = Number(values.watchdog);
if (!(watchdogS > 0)) throw new Error(`--watchdog takes a number of seconds; got "${values.watchdog}".`);
const faultRate = parseFaultRate(values['fault-rate']);

const dataDir = values['data-dir'] ?? backendTempDir('reflect-faults-');
const reuse = values['data-dir'] !== undefined && fs.existsSync(path.join(dataDir, 'pgdata'));
const tokenSeconds = values['token-seconds'] === undefined ? undefined : Number(values['token-seconds']);
if (tokenSeconds !== undefined && !(Number.isInteger(tokenSeconds) && tokenSeconds > 0))
  throw new Error(`--token-seconds takes a whole number of seconds; got "${values['token-seconds']}".`);
const backend = await startLocalBackend({
  dataDir,
  fresh: !reuse,
  auth: { rateLimits: false, ...(tokenSeconds ? { accessTokenSeconds: tokenSeconds } : {}) },
});
let failed: boolean;
try {
  console.log(`Fault run: ${ops} operations, seed ${seed}, fault rate ${faultRate}, backend in ${dataDir}${reuse ? ' (reused)' : ''}`);
  // The app logs each failure the faults cause (and the client library prints some): counted, not printed.
  let logged = 0;
  setLogSink(() => void logged++);
  console.error = () => void logged++;
  const t = performance.now();
  const result = await runFaults({
    backend: { ...backend, dataDir },
    ops,
    seed,
    faultRate,
    checkpointEvery: Number(values.checkpoint),
    timeoutMs: Number(values.timeout),
    watchdogMs: watchdogS * 1000,
    ...(values.minutes ? { maxMs: Number(values.minutes) * 60_000 } : {}),
    log: (l) => console.log(l),
    restart: (part, downMs) => backend.restart(part, downMs),
  });
  console.log(
    `answers: ${Object.entries(result.answers)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  const left = Object.entries(result.unsettled);
  console.log(
    `outcome unknown left unsettled (main could not tell; the checks settled them from the database): ${left.reduce((n, [, k]) => n + k, 0)}` +
      (left.length ? ` (${left.map(([op, n]) => `${op} ${n}`).join(', ')})` : ''),
  );
  console.log(`restarts among the faults: PostgREST ${result.restarts.postgrest}, PostgreSQL ${result.restarts.postgres}`);
  console.log(`kept reads served offline, each an answer really received: ${result.keptReadsChecked}`);
  console.log(`writes not generated yet: ${result.notGenerated.join(', ')}`);
  console.log(`app log lines under faults: ${logged}`);
  console.log(`took ${Math.round((performance.now() - t) / 1000)} s`);
  console.log(result.summary);
  failed = result.violations.length > 0;
} catch (e) {
  // Printed before the backend stops (console.error is counted, not printed, during the run).
  console.log(`The run failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  failed = true;
} finally {
  await backend.stop();
  if (!values['data-dir']) removeBackendTempDir(dataDir);
}
process.exit(failed ? 1 : 0);
