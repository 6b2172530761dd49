/**
 * `npx tsx scripts/bench-users.ts [users]`: the users area at scale (issue 3). Starts a fresh embedded backend
 * in a temp folder seeded with 100,000 users (or the number given), boots main's router against it and prints:
 *  - the CSV export through the router: time and main's memory growth (rss before, after and peak, sampled from
 *    a worker thread so the peak is seen even while the main thread is busy), target at most 2 s and 150 MB;
 *    once before any list load (main reads the users again) and once the usual way, with the list on screen
 *    (main exports the copy it sent); and the writing alone at the end;
 *  - the time to load the full list through the router (admin-get-users read in pages);
 *  - the renderer's work per search keystroke, per filter and per sort, on the pure functions it runs
 *    (shared/rules/users/list.ts), target at most 50 ms each; and the one-off work after a load (the index, and
 *    the sort orders, which the screen prepares in a worker).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { boot } from '../main/core/boot.js';
import { createMemorySecretStore } from '../main/core/memory-secret-store.js';
import { createJsonProfileStore } from '../main/core/json-profile-store.js';
import { openCacheDatabase } from '../main/cache/database.js';
import { USER_FILTERS } from '../shared/rules/users/filters.js';
import { USER_SORT_KEYS, buildUserListIndex, sortValueOf, userListView, type UserListQuery } from '../shared/rules/users/list.js';
import { orderByRanks, ranksOf } from '../shared/rules/common/sort-order.js';
import { USER_CSV_COLUMNS, userCsvRecord } from '../shared/rules/users/csv.js';
import { writeCsvFile } from '../main/files/csv-file.js';
import type { UserExport, UserList } from '../shared/contract/areas/users.js';
import { backendTempDir } from '../tests/support/temp-dir.js';

const MEASURE = '--measure';
const USERS = Number(process.argv[2] ?? 100_000);
const MB = 1024 * 1024;
const ms = (t: number) => `${t.toFixed(1)} ms`;
// A full collection before measuring memory, so the baseline holds no garbage of the steps before.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const mb = (b: number) => `${(b / MB).toFixed(1)} MB`;

/** Process-wide rss, every 2 ms, from another thread. */
function startSampler(): { peak(): Promise<number>; reset(): Promise<number>; stop(): Promise<void> } {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = 0; const tick = () => { peak = Math.max(peak, process.memoryUsage().rss); };
     const timer = setInterval(tick, 2);
     parentPort.on('message', (m) => { tick(); parentPort.postMessage(peak); if (m === 'reset') peak = 0; if (m === 'stop') { clearInterval(timer); parentPort.close(); } });`,
    { eval: true },
  );
  const ask = (m: string) => new Promise<number>((resolve) => { worker.once('message', resolve); worker.postMessage(m); });
  return { peak: () => ask('peak'), reset: () => ask('reset'), stop: async () => { worker.postMessage('stop'); await worker.terminate(); } };
}

function time<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const out = fn();
  return [out, performance.now() - t0];
}

/** The slowest and the median of a few runs (the slowest is the figure the 50 ms budget is about). */
function runs(fn: () => unknown, count = 7): { worst: number; median: number } {
  const times = Array.from({ length: count }, () => time(fn)[1]).sort((a, b) => a - b);
  return { worst: times[count - 1] as number, median: times[count >> 1] as number };
}
const fmt = (r: { worst: number; median: number }) => `worst ${ms(r.worst)}, median ${ms(r.median)}`;

function rendererFigures(users: UserList['users']): void {
  console.log('\n== Renderer work on the pure functions (target: at most 50 ms per operation)');
  const [index, build] = time(() => buildUserListIndex(users));
  // The screen prepares the orders in a worker (renderer/users/list/prepare-sorts.ts): on the page only the
  // column of values is read and posted; the ranking and ordering run off the page's thread.
  const onPage = USER_SORT_KEYS.map((key) =>
    time(() => (key === 'created' ? index.rows.map((r) => r.user_created_at) : key === 'last_login' ? index.rows.map((r) => r.last_sign_in_at) : index.rows.map((r, i) => sortValueOf(r, key, index.emailLower[i]))))[1],
  );
  const inWorker = USER_SORT_KEYS.map((key) => time(() => {
    const ranks = ranksOf(index.rows.map((r, i) => sortValueOf(r, key, index.emailLower[i])));
    index.orders.set(`${key}:asc`, orderByRanks(ranks, 'asc'));
    index.orders.set(`${key}:desc`, orderByRanks(ranks, 'desc'));
  })[1]);
  console.log(`once per load: index ${ms(build)}; sort orders: on the page at most ${ms(Math.max(...onPage))} per column, in the worker ${ms(inWorker.reduce((a, b) => a + b, 0))} in all`);
  const base: UserListQuery = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } };
  const typed = 'olivia.j';
  for (let i = 1; i <= typed.length; i++) {
    const search = typed.slice(0, i);
    const n = userListView(index, { ...base, search }).length;
    // Each run is a new term for the index (the kept matches of the last search are dropped first).
    const keystroke = () => {
      index.search = { term: '', mask: null };
      return userListView(index, { ...base, search });
    };
    console.log(`search keystroke ${JSON.stringify(search).padEnd(12)} ${fmt(runs(keystroke))}  (${n.toLocaleString('en-US')} users)`);
  }
  for (const filter of USER_FILTERS) {
    const n = userListView(index, { ...base, filter }).length;
    console.log(`filter ${filter.padEnd(22)} ${fmt(runs(() => userListView(index, { ...base, filter })))}  (${n.toLocaleString('en-US')} users)`);
  }
  for (const key of USER_SORT_KEYS) {
    for (const direction of ['asc', 'desc'] as const) {
      console.log(`sort ${`${key} ${direction}`.padEnd(24)} ${fmt(runs(() => userListView(index, { ...base, sort: { key, direction } })))}`);
    }
  }
  console.log(`filter + search + sort together: ${fmt(runs(() => userListView(index, { filter: 'active', search: 'an', sort: { key: 'email', direction: 'asc' } })))}`);
}

/** Seeds in this process, then measures in a new one: the seed's freed memory must not hide main's growth. */
async function main(): Promise<void> {
  const dataDir = backendTempDir('reflect-bench-users-');
  try {
    console.log(`Seeding a fresh embedded backend with ${USERS.toLocaleString('en-US')} users in ${dataDir} ...`);
    const t0 = performance.now();
    // Where boot() keeps the demo profile's backend.
    const seeded = await startLocalBackend({ dataDir: path.join(dataDir, 'profiles', 'demo', 'backend'), fresh: true, seed: { users: USERS } });
    await seeded.stop();
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), MEASURE, dataDir], { stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the measuring process failed (${code})`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measured process: main's services and router, with the embedded backend started as the app starts it. */
async function measure(dataDir: string): Promise<void> {
  const t0 = performance.now();
  const app = boot({
    mode: 'browser',
    version: 'bench',
    dataDir,
    profileStore: createJsonProfileStore(path.join(dataDir, 'profiles.json')),
    secrets: createMemorySecretStore(),
    openCache: (file) => openCacheDatabase(file),
  });
  const sampler = startSampler();
  try {
    await app.embedded.start();
    console.log(`backend started in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const signIn = await app.router.call('auth.signIn', { email: 'admin@reflect.local', password: 'reflect-demo' });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.message}`);

    // First, while main holds nothing of the list: its memory growth is then the export's alone.
    console.log('\n== CSV export before the list was ever loaded (main reads the users again; the slow path)');
    collect();
    const before = process.memoryUsage().rss;
    await sampler.reset();
    const t = performance.now();
    const r = await app.router.call('users.exportCsv', { filter: 'all', search: '', sort: { key: 'email', direction: 'asc' } });
    const total = performance.now() - t;
    const peak = await sampler.peak();
    const after = process.memoryUsage().rss;
    if (!r.ok) throw new Error(r.message);
    const result = r.data as UserExport;
    if (result.outcome !== 'saved') throw new Error(`export: ${result.outcome}`);
    console.log(`exported ${result.count.toLocaleString('en-US')} rows (${mb(fs.statSync(result.path).size)}) in ${ms(total)}, reading the list again included`);
    console.log(`main rss: before ${mb(before)}, after ${mb(after)} (+${mb(after - before)}), peak ${mb(peak)} (+${mb(peak - before)})`);
    const t2 = performance.now();
    const again = await app.router.call('users.exportCsv', { filter: 'all', search: '', sort: { key: 'last_login', direction: 'desc' } });
    if (!again.ok) throw new Error(again.message);
    console.log(`again (warm, by last login): ${ms(performance.now() - t2)}`);

    console.log('\n== Loading the list through the router (users.list)');
    let users: UserList['users'] = [];
    for (const label of ['first load', 'second load']) {
      const t = performance.now();
      const r = await app.router.call('users.list', {});
      if (!r.ok) throw new Error(r.message);
      users = (r.data as UserList).users;
      console.log(`${label.padEnd(12)} ${ms(performance.now() - t)} for ${users.length.toLocaleString('en-US')} users (${mb(Buffer.byteLength(JSON.stringify(r.data)))} of JSON)`);
    }

    // The way an administrator exports: the list is on screen, main still holds it, nothing is read again.
    console.log('\n== CSV export with the list on screen (the usual way; target: at most 2 s, at most 150 MB growth)');
    for (const sort of [{ key: 'email', direction: 'asc' }, { key: 'last_login', direction: 'desc' }] as const) {
      collect();
      const rssBefore = process.memoryUsage().rss;
      await sampler.reset();
      const te = performance.now();
      const shown = await app.router.call('users.exportCsv', { filter: 'all', search: '', sort });
      const took = performance.now() - te;
      const top = await sampler.peak();
      if (!shown.ok) throw new Error(shown.message);
      const res = shown.data as UserExport;
      if (res.outcome !== 'saved') throw new Error(`export: ${res.outcome}`);
      console.log(`by ${sort.key} ${sort.direction}: ${res.count.toLocaleString('en-US')} rows in ${ms(took)}; main rss peak +${mb(top - rssBefore)}`);
    }

    rendererFigures(users);

    // The file-writing part alone: the rows already in memory, streamed to disk with fsync and rename.
    const target = path.join(dataDir, 'bench-write-only.csv');
    const tw = performance.now();
    await writeCsvFile(target, USER_CSV_COLUMNS, users.map(userCsvRecord));
    console.log(`\nwriting ${users.length.toLocaleString('en-US')} records alone (formatted, quoted, written, fsync, rename): ${ms(performance.now() - tw)}`);
  } finally {
    await sampler.stop();
    await app.shutdown();
  }
}

(process.argv[2] === MEASURE ? measure(process.argv[3] as string) : main()).catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
