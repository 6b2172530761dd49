// Issue 26 item 11: a TTS save killed with SIGKILL at a drawn moment leaves no stored object without its row once
// the app starts again (the journal of saves under way is settled when the profile's connection opens).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, ADMIN_EMAIL, type TestApp } from '../support/booted.js';
import { DEMO_PROFILE_ID } from '../../shared/rules/profiles/types.js';

const backend = sharedBackend();
const ROOT = path.resolve(import.meta.dirname, '../..');
const HOST = path.join(ROOT, 'tests/fixtures/tts-save-host.ts');
const FILENAME = 'it-tts-kill';

/** Runs the saving host and kills it `ms` after it printed `after`. */
function killDuringSaves(args: string[], after: 'ready' | 'inserting', ms: number): Promise<void> {
  const host = spawn(process.execPath, ['--import', 'tsx', HOST, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let armed = false;
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      host.kill('SIGKILL');
      reject(new Error(`host did not get there:\n${out}`));
    }, 60_000);
    host.stderr.on('data', (c: Buffer) => (out += c.toString()));
    host.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (!armed && out.includes(after)) {
        armed = true;
        setTimeout(() => host.kill('SIGKILL'), ms);
      }
    });
    host.once('exit', (_code, signal) => {
      clearTimeout(t);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`host exited without being killed:\n${out}`));
    });
  });
}

describe('kill windows at the next start (issue 26 item 11)', () => {
  let app: TestApp;
  let adminId = '';
  beforeAll(async () => {
    app = bootTestApp(backend);
    adminId = (await sql<{ id: string }>(backend, 'select id::text from auth.users where email = $1', [ADMIN_EMAIL]))[0]!.id;
  });
  afterAll(async () => {
    const names = (await sql<{ file_path: string }>(backend, 'select file_path from tts_generated_audio where filename like $1', [`${FILENAME}-%`])).map(
      (r) => r.file_path,
    );
    if (names.length) await (await app.services.connections.current()).service.storage.from('tts-audio').remove(names);
    await sql(backend, 'delete from tts_generated_audio where filename like $1', [`${FILENAME}-%`]);
    await app?.close();
  });

  const objectsWithoutRow = async () =>
    (
      await sql<{ name: string }>(
        backend,
        `select o.name from storage.objects o where o.bucket_id = 'tts-audio' and o.name like $1
           and not exists (select 1 from tts_generated_audio t where t.file_path = o.name)`,
        [`admin/${adminId}/${FILENAME}-%.mp3`],
      )
    ).map((r) => r.name);
  const rowsWithoutObject = async () =>
    (
      await sql<{ file_path: string }>(
        backend,
        `select t.file_path from tts_generated_audio t where t.filename like $1
           and not exists (select 1 from storage.objects o where o.bucket_id = 'tts-audio' and o.name = t.file_path)`,
        [`${FILENAME}-%`],
      )
    ).map((r) => r.file_path);

  it('a TTS save killed between upload and row, or at any drawn moment, leaves no orphan object after the next start', { timeout: 240_000 }, async () => {
    const journal = app.services.uploadJournal(DEMO_PROFILE_ID);
    const draws: string[] = [];
    for (let round = 0; round < 4; round++) {
      // Even rounds: while the row's insert is held (300 ms), after the upload; odd rounds: any moment of the saves.
      const after = round % 2 === 0 ? 'inserting' : 'ready';
      const ms = Math.floor(Math.random() * (after === 'inserting' ? 250 : 1500));
      draws.push(`${after}+${ms}ms`);
      await killDuringSaves([backend.url, backend.serviceRoleKey, adminId, journal.dir, FILENAME], after, ms);
    }
    const why = `kills at ${draws.join(', ')}`;
    // The kills during a held insert left objects that no row holds, each with its journal entry.
    expect((await objectsWithoutRow()).length, why).toBeGreaterThanOrEqual(2);
    expect(journal.stale().length, why).toBeGreaterThanOrEqual(2);

    // The next start: the profile's connection opens again and settles what the killed saves left.
    await app.services.connections.dispose();
    await app.services.connections.current();
    for (let i = 0; i < 100 && ((await objectsWithoutRow()).length > 0 || fs.readdirSync(journal.dir).length > 0); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await objectsWithoutRow(), why).toEqual([]);
    expect(fs.readdirSync(journal.dir), why).toEqual([]);
    // Every save that got its row kept its object.
    expect(await rowsWithoutObject(), why).toEqual([]);
  });
});
