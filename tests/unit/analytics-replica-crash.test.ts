// SECURITY.md D2 for the analytics replica: every replica write is one transaction with its aggregates (or, in a
// first bulk load, with the triggers off and a flag saying so). A child process writes pages through the replica
// store and acknowledges each commit; it is killed with SIGKILL at random moments. After each kill the cache must
// reopen without being set aside, pass integrity_check, hold every acknowledged page whole and no partial page,
// and have aggregates equal to its rows (after finishing an interrupted bulk load, as the next sync does).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { openCacheDatabase } from '../../main/cache/database.js';
import { aggregatesInBulkMode, endBulkLoad } from '../../main/cache/replica-aggregates.js';

const WRITER = fileURLToPath(new URL('../fixtures/analytics-replica-writer.ts', import.meta.url));
const ROUNDS = 12;
const ROWS = 40;

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-replica-crash-'));
  file = path.join(dir, 'cache.sqlite');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runAndKill(first: number, delay: number, mode: 'triggers' | 'bulk'): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(first), String(ROWS), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const wasReady = out.includes('ready\n');
      out += chunk;
      if (!wasReady && out.includes('ready\n')) setTimeout(() => child.kill('SIGKILL'), delay);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited ${code}: ${err}`));
      resolve([...out.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1])));
    });
  });
}

/** Each aggregate equals a recount from the replica rows. */
function expectConsistent(db: Database.Database): void {
  const perDay = db.prepare(`select kind, day, n from agg_daily where kind in ('blocks', 'chat') order by 1, 2`).all();
  const recount = db
    .prepare(
      `select 'blocks' kind, day, count(*) n from rep_blocks group by day union all select 'chat', day, count(*) from rep_chat group by day order by 1, 2`,
    )
    .all();
  expect(perDay).toEqual(recount);
  const dau = db.prepare('select day, n from agg_dau order by day').all();
  const distinct = db
    .prepare(
      'select day, count(distinct user_id) n from (select day, user_id from rep_blocks union all select day, user_id from rep_chat) group by day order by day',
    )
    .all();
  expect(dau).toEqual(distinct);
}

describe('analytics replica writes survive SIGKILL (D2)', () => {
  it('keeps whole pages and consistent aggregates, with the triggers and in a bulk load', async () => {
    let next = 1;
    let seed = 42;
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const acked = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const mode = round % 3 === 2 ? 'bulk' : 'triggers';
      const pages = await runAndKill(next, Math.floor(rand() * 60), mode);
      for (const p of pages) acked.add(p);
      next += pages.length + 1; // the page being written when killed may or may not have committed

      const cache = openCacheDatabase(file, { log: () => undefined });
      try {
        expect(cache.setAsideAs).toBeUndefined();
        expect(cache.db.pragma('integrity_check', { simple: true })).toBe('ok');
        const counts = cache.db
          .prepare(
            `select substr(id, 1, instr(substr(id, 3), '-') + 1) as page, count(*) n from (select id from rep_blocks union all select id from rep_chat) group by 1`,
          )
          .all() as { page: string; n: number }[];
        for (const c of counts) expect(c.n, `page ${c.page}`).toBe(ROWS);
        const present = new Set(counts.map((c) => Number(c.page.slice(2))));
        for (const p of acked) expect(present.has(p), `acknowledged page ${p}`).toBe(true);
        // An interrupted bulk load is finished by the next sync; then the aggregates hold.
        if (aggregatesInBulkMode(cache.db)) endBulkLoad(cache.db);
        expect(aggregatesInBulkMode(cache.db)).toBe(false);
        expectConsistent(cache.db);
      } finally {
        cache.close();
      }
    }
    expect(acked.size).toBeGreaterThan(ROUNDS);
  }, 120_000);
});
