// Issue 9: a deletion killed with SIGKILL after its files were parked in storage/.deleting loses nothing and
// keeps nothing it should not: on the next start each parked file goes back or is removed, as the database says.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { settleParkedFiles } from '../../main/local-backend/functions/users/storage-files.js';

const backend = sharedBackend();
const ROOT = path.resolve(import.meta.dirname, '../..');
const storageRoot = path.join(backend.dataDir, 'storage');
const parked = path.join(storageRoot, '.deleting');
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

/** Two objects with their files, as a user's TTS audio would have. */
async function objects(): Promise<Array<{ id: string; bucket_id: string; name: string; file: string; bytes: string }>> {
  const made = [];
  for (let i = 0; i < 2; i++) {
    const name = `crash/${crypto.randomUUID()}/clip-${i}.mp3`;
    const { rows } = await db.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ('tts-audio', $1, null, '{"size": 5}') returning id::text`,
      [name],
    );
    const file = path.join(storageRoot, 'tts-audio', name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bytes = `audio ${i} ${name}`;
    fs.writeFileSync(file, bytes);
    made.push({ id: rows[0]!.id, bucket_id: 'tts-audio', name, file, bytes });
  }
  return made;
}

function killAfter(word: string, objs: Array<{ id: string; bucket_id: string; name: string }>): Promise<void> {
  const mode = word === 'committed' ? 'commit' : 'park';
  const host = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'tests/fixtures/parking-host.ts'), backend.databaseUrl, storageRoot, JSON.stringify(objs), mode],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`host did not get there:\n${out}`)), 30_000);
    host.stderr.on('data', (c: Buffer) => (out += c.toString()));
    host.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(word)) host.kill('SIGKILL');
    });
    host.once('exit', (_code, signal) => {
      clearTimeout(t);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`host exited without being killed:\n${out}`));
    });
  });
}

const rowCount = async (ids: string[]) =>
  (await db.query<{ n: number }>('select count(*)::int n from storage.objects where id = any($1::uuid[])', [ids])).rows[0]!.n;

describe('storage files of a deletion killed with SIGKILL (issue 9)', () => {
  it('killed before the commit: the rows are still there, so every parked file goes back', async () => {
    const objs = await objects();
    await killAfter('parked', objs);
    for (const o of objs) expect(fs.existsSync(o.file)).toBe(false);
    // PostgreSQL rolls the killed transaction back once it notices the dropped connection.
    for (let i = 0; i < 50 && (await rowCount(objs.map((o) => o.id))) < objs.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await rowCount(objs.map((o) => o.id))).toBe(objs.length);
    expect(await settleParkedFiles(db, storageRoot)).toEqual({ restored: objs.length, removed: 0 });
    for (const o of objs) expect(fs.readFileSync(o.file, 'utf8')).toBe(o.bytes);
    expect(fs.readdirSync(parked)).toEqual([]);
    await db.query('delete from storage.objects where id = any($1::uuid[])', [objs.map((o) => o.id)]);
  }, 60_000);

  it('killed after the commit: the rows are gone, so the parked files are removed and none comes back', async () => {
    const objs = await objects();
    await killAfter('committed', objs);
    expect(await rowCount(objs.map((o) => o.id))).toBe(0);
    expect(fs.readdirSync(parked).length).toBe(1);
    expect(await settleParkedFiles(db, storageRoot)).toEqual({ restored: 0, removed: objs.length });
    for (const o of objs) expect(fs.existsSync(o.file)).toBe(false);
    expect(fs.readdirSync(parked)).toEqual([]);
  }, 60_000);
});
