// SECURITY.md F1: an export killed with SIGKILL at any moment leaves the previous file or the complete new one,
// never a partial file under the target's name.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsvFile } from '../../main/files/csv-file.js';

const WRITER = fileURLToPath(new URL('../fixtures/users-csv-writer.ts', import.meta.url));
const RECORDS = 60_000;
const OLD = 'the previous export\r\n';

let dir: string;
let complete: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-csv-crash-'));
  // The complete file, written in-process by the same writer, to compare with.
  const reference = path.join(dir, 'reference.csv');
  await writeCsvFile(
    reference,
    ['n', 'email', 'plan', 'pad'],
    Array.from({ length: RECORDS }, (_, i) => [String(i), `user${i}@example.com`, 'Premium Monthly', 'x'.repeat(40)]),
  );
  complete = fs.readFileSync(reference, 'utf8');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runAndKill(target: string, delayMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, target, String(RECORDS)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('writing')) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('finished');
      else reject(new Error(`writer failed (${code}): ${err}`));
    });
  });
}

describe('CSV export under SIGKILL (F1)', () => {
  it('leaves the old file or the complete one, whenever it is killed', async () => {
    const outcomes: string[] = [];
    for (const delay of [0, 15, 40, 80, 150, 250, 400, 3000]) {
      const target = path.join(dir, `users-${delay}.csv`);
      fs.writeFileSync(target, OLD);
      const how = await runAndKill(target, delay);
      const text = fs.readFileSync(target, 'utf8');
      expect(text === OLD || text === complete, `after ${delay} ms (${how}) the file is the old or the complete one`).toBe(true);
      outcomes.push(text === OLD ? 'old' : 'new');
    }
    // The kills landed on both sides of the rename.
    expect(outcomes).toContain('old');
    expect(outcomes).toContain('new');
    // The next export to a name cleans up what a killed one left beside it.
    const leftovers = () => fs.readdirSync(dir).filter((f) => f.endsWith('.part'));
    const killedEarly = outcomes.map((o, i) => (o === 'old' ? i : -1)).filter((i) => i >= 0);
    expect(leftovers().length).toBeGreaterThan(0);
    for (const delay of [0, 15, 40, 80, 150, 250, 400, 3000]) await writeCsvFile(path.join(dir, `users-${delay}.csv`), ['n'], [['1']]);
    expect(leftovers(), `left after ${killedEarly.length} early kills`).toEqual([]);
  }, 120_000);
});
