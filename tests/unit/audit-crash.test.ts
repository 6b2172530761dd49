// The audit log survives a crash mid-write (SECURITY.md D2): a child opens the audit file (audit.sqlite, WAL,
// synchronous FULL) as main does, appends large entries through the audit store and acknowledges each commit; it
// is SIGKILLed at random moments. After each kill the file reopens without being set aside, passes integrity_check, and holds every acknowledged entry whole, in
// order, with no partial one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PRAGMAS, openAuditDatabase } from '../../main/audit/database.js';

const WRITER = fileURLToPath(new URL('../fixtures/audit-writer.ts', import.meta.url));
const ROUNDS = 6;

let dir: string;
let file: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-audit-crash-'));
  file = path.join(dir, 'audit.sqlite');
  openAuditDatabase(file, { log: () => undefined }).close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runAndKill(first: number, afterAcks: number, delay: number): Promise<{ acked: number[]; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(first)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let armed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!armed && (out.match(/^ack /gm)?.length ?? 0) >= afterAcks) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), delay);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => resolve({ acked: [...out.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1])), signal, stderr: err }));
  });
}

describe('audit appends survive SIGKILL whole', () => {
  it(`keeps every acknowledged entry whole over ${ROUNDS} kills`, async () => {
    const acked = new Set<number>();
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await runAndKill(next, 1 + (round % 3), round * 3);
      expect(result.signal, `round ${round}: ${result.stderr}`).toBe('SIGKILL');
      result.acked.forEach((n) => acked.add(n));
      const lines: string[] = [];
      const audit = openAuditDatabase(file, { log: (l) => lines.push(l) });
      try {
        expect(audit.setAsideAs).toBeUndefined();
        expect(audit.db.pragma('synchronous', { simple: true })).toBe(AUDIT_PRAGMAS.synchronous);
        expect(lines).toEqual([]);
        expect(audit.db.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = audit.db.prepare("select input from audit_log where area = 'crash' order by id").all() as { input: string }[];
        const numbers = rows.map((r) => {
          const input = JSON.parse(r.input) as Record<string, unknown>;
          // Whole: every field of the entry is there (200 + n).
          expect(Object.keys(input)).toHaveLength(201);
          return input.n as number;
        });
        expect(numbers, `round ${round}: entries out of order or with holes`).toEqual(numbers.map((_, i) => i));
        expect(
          [...acked].filter((n) => !numbers.includes(n)),
          `round ${round}: acknowledged entries missing`,
        ).toEqual([]);
        next = numbers.length;
      } finally {
        audit.close();
      }
    }
    expect(acked.size).toBeGreaterThanOrEqual(ROUNDS);
  }, 90_000);
});
