// Issue 26 item 11: an export killed with SIGKILL at a drawn moment leaves its `.part` file beside the target, in
// whatever folder was chosen; the next start removes it, even though nothing writes to that name again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTempJournal, tempJournalDir, useTempJournal } from '../../main/files/temp-journal.js';
import { boot } from '../../main/boot.js';
import type { EmbeddedBackend } from '../../main/core/embedded-handle.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { createMemorySecretStore } from '../../main/core/memory-secret-store.js';
import { openCacheDatabase } from '../../main/cache/database.js';

const WRITER = fileURLToPath(new URL('../fixtures/users-csv-writer.ts', import.meta.url));
const RECORDS = 60_000;
const OLD = 'the previous export\r\n';

let dataDir: string;
let chosen: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-kill-start-'));
  // A folder the save dialog offered: not the data folder.
  chosen = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-kill-chosen-'));
});
afterAll(() => {
  useTempJournal(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(chosen, { recursive: true, force: true });
});

function runAndKill(target: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, target, String(RECORDS), tempJournalDir(dataDir)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => {
      if (c.toString().includes('writing')) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.once('exit', (code, signal) => (signal === 'SIGKILL' || code === 0 ? resolve() : reject(new Error(`writer failed (${code}): ${err}`))));
  });
}

describe('unfinished export files at the next start (issue 26 item 11)', () => {
  it('removes the .part files of exports killed at drawn moments, wherever they were written', async () => {
    const parts = () => fs.readdirSync(chosen).filter((f) => f.endsWith('.part'));
    // The first draw lands early in the writing, so at least one kill leaves a temporary file.
    const delays = [Math.floor(Math.random() * 30), ...Array.from({ length: 3 }, () => Math.floor(Math.random() * 400))];
    for (const [i, delay] of delays.entries()) {
      const target = path.join(chosen, `export-${i}.csv`);
      fs.writeFileSync(target, OLD);
      await runAndKill(target, delay);
    }
    const why = `kills ${delays.join(', ')} ms into the writing`;
    expect(parts().length, why).toBeGreaterThan(0);

    startTempJournal(dataDir);
    expect(parts(), why).toEqual([]);
    expect(fs.readdirSync(tempJournalDir(dataDir)), why).toEqual([]);
    // The targets themselves are untouched: the previous file or the complete new one.
    for (const i of delays.keys()) {
      const text = fs.readFileSync(path.join(chosen, `export-${i}.csv`), 'utf8');
      expect(text === OLD || text.split('\r\n').length === RECORDS + 2, why).toBe(true);
    }
  }, 120_000);

  it('is what boot does first: a noted temporary file of a dead process goes, a live one’s stays', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-kill-boot-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', '']).pid!;
      const note = (pid: number) => {
        const temp = path.join(chosen, `.report.csv.${pid}.0123abcd.part`);
        fs.writeFileSync(temp, 'half');
        fs.mkdirSync(tempJournalDir(dir), { recursive: true });
        fs.writeFileSync(path.join(tempJournalDir(dir), `${path.basename(temp)}.note`), temp);
        return temp;
      };
      const gone = note(dead);
      const mine = note(process.pid);
      const booted = boot({
        mode: 'browser',
        version: 'test',
        dataDir: dir,
        profileStore: createJsonProfileStore(path.join(dir, 'profiles.json')),
        secrets: createMemorySecretStore(),
        openCache: (file) => openCacheDatabase(file),
        embedded: {
          start: async () => {
            throw new Error('not used');
          },
          stop: async () => undefined,
          running: () => undefined,
          credentials: async () => {
            throw new Error('not used');
          },
          generation: () => 0,
        } as unknown as EmbeddedBackend,
      });
      await booted.shutdown();
      expect(fs.existsSync(gone)).toBe(false);
      expect(fs.existsSync(mine)).toBe(true);
      fs.rmSync(mine);
    } finally {
      useTempJournal(undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
