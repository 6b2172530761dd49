// SECURITY.md D2: every cache write is a transaction, so a crash at any moment leaves whole batches only.
// A child process writes numbered batches (one transaction each) and acknowledges each commit on stdout; it
// is killed with SIGKILL at random moments, many times. After each kill the cache must reopen without being
// set aside, pass integrity_check, and hold every acknowledged batch whole and no partial batch.
// This simulates a crash of the app, not a power loss: with synchronous = NORMAL a power loss may drop the
// last commits (never corrupt), which no test here can produce.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_PRAGMAS, openCacheDatabase } from '../../main/cache/database.js';

const WRITER = fileURLToPath(new URL('../fixtures/cache-writer.mjs', import.meta.url));
const ROUNDS = 30;
const ROWS = 25;

let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-cache-crash-'));
  file = path.join(dir, 'cache.sqlite');
  openCacheDatabase(file, { log: () => undefined }).close(); // creates the schema
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A small seeded generator, so a failing run can be replayed with its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

interface Round {
  acked: number[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts a writer and SIGKILLs it `delay` ms after its `afterAcks`-th acknowledged batch (so the kill lands
 * while it writes, however slow the machine), or `delay` ms after spawn for kills during start-up.
 */
function runAndKill(first: number, delay: number, beforeReady: boolean, afterAcks: number, autocheckpoint: number): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, JSON.stringify(CACHE_PRAGMAS), String(first), String(ROWS), String(autocheckpoint)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const kill = () => setTimeout(() => child.kill('SIGKILL'), delay);
    if (beforeReady) kill();
    let armed = beforeReady;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!armed && (out.match(/^ack /gm)?.length ?? 0) >= afterAcks) {
        armed = true;
        kill();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    // 'close' comes after stdout has ended, so every ack the child wrote has been read.
    child.on('close', (_code, signal) => {
      const acked = [...out.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1]));
      resolve({ acked, signal, stderr: err });
    });
  });
}

describe('cache writes survive SIGKILL whole (D2)', () => {
  it(`keeps every acknowledged batch whole over ${ROUNDS} kills`, async () => {
    const seed = Date.now();
    const rand = random(seed);
    const acked = new Set<number>();
    let next = 0;
    let killedWhileWriting = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const beforeReady = round % 5 === 0; // one round in five is killed during start-up
      const delay = Math.floor(rand() * (beforeReady ? 120 : 10));
      const afterAcks = 1 + Math.floor(rand() * 12);
      const autocheckpoint = rand() < 0.5 ? 20 : 1000;
      const result = await runAndKill(next, delay, beforeReady, afterAcks, autocheckpoint);
      const context = `seed ${seed}, round ${round}`;
      expect(result.signal, `${context}: the writer stopped by itself: ${result.stderr}`).toBe('SIGKILL');
      result.acked.forEach((b) => acked.add(b));
      if (!beforeReady) {
        expect(result.acked.length, `${context}: killed before its ${afterAcks}th batch`).toBeGreaterThanOrEqual(afterAcks);
        killedWhileWriting++;
      }

      const lines: string[] = [];
      const cache = openCacheDatabase(file, { log: (l) => lines.push(l) });
      try {
        expect(cache.setAsideAs, context).toBeUndefined();
        expect(lines, context).toEqual([]);
        expect(cache.db.pragma('integrity_check', { simple: true }), context).toBe('ok');

        const counts = cache.db
          .prepare("select cast(substr(op, 7) as integer) as batch, count(*) as n from kept_reads where user_id = 'crash' group by op")
          .all() as { batch: number; n: number }[];
        const partial = counts.filter((c) => c.n !== ROWS);
        expect(partial, `${context}: partially written batches`).toEqual([]);
        const present = new Set(counts.map((c) => c.batch));
        const lost = [...acked].filter((b) => !present.has(b));
        expect(lost, `${context}: acknowledged batches missing`).toEqual([]);
        // Batches are written in order, so what is present is exactly 0..max: no hole from a lost commit.
        const max = counts.length > 0 ? Math.max(...counts.map((c) => c.batch)) : -1;
        expect(present.size, `${context}: holes in the batch sequence`).toBe(max + 1);
        next = max + 1;
      } finally {
        cache.close();
      }
    }

    // Not vacuous: most kills landed while batches were being written (four rounds in five).
    expect(killedWhileWriting).toBeGreaterThan(ROUNDS / 2);
    expect(acked.size).toBeGreaterThanOrEqual(killedWhileWriting);
  }, 60_000);
});
