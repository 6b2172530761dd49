// Issue 9: kill -9 at any point must not wedge the demo backend. stack-secrets.json and the profile store are
// written temp file, fsync, rename; a secrets file left damaged by an older in-place write is replaced while the
// database was never initialised, and named clearly when it was.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from '../../main/local-backend/keys.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-secrets-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A child that rewrites the profile store and a secrets file as fast as it can until it is killed. */
const WRITER = `
import { createJsonProfileStore } from '${path.join(ROOT, 'main/core/json-profile-store.ts')}';
import { writeFileAtomicallySync } from '${path.join(ROOT, 'main/files/atomic-file.ts')}';
const [dir] = process.argv.slice(2);
const store = createJsonProfileStore(dir + '/profiles.json');
for (let i = 1; ; i++) {
  store.save({ id: 'p' + (i % 50), name: 'x'.repeat(2000) + i, url: 'https://a.supabase.co', productName: 'Reflect', createdAt: String(i) });
  writeFileAtomicallySync(dir + '/stack-secrets.json', JSON.stringify({ jwtSecret: 'j'.repeat(5000) + i, superuserPassword: 's', authenticatorPassword: 'a' }));
  if (i === 1) console.log('writing');
}
`;

describe('small files main rewrites survive SIGKILL (issue 9)', () => {
  it('a damaged stack-secrets.json no longer wedges a backend whose database was never initialised', () => {
    const dir = tempDir();
    for (const damaged of ['', '{"jwtSecret":"ab', '{}', 'null']) {
      fs.writeFileSync(path.join(dir, 'stack-secrets.json'), damaged);
      const s = loadOrCreateSecrets(dir);
      expect(s.jwtSecret.length).toBeGreaterThan(40);
      expect(loadOrCreateSecrets(dir)).toEqual(s);
    }
    fs.mkdirSync(path.join(dir, 'pgdata'));
    fs.writeFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), '17');
    fs.writeFileSync(path.join(dir, 'stack-secrets.json'), '{"jwtS');
    expect(() => loadOrCreateSecrets(dir)).toThrow(/damaged; start with --fresh/);
  });

  it('the profile store and the secrets file are always whole after a kill, and no temp file piles up', async () => {
    const dir = tempDir();
    const script = path.join(dir, 'writer.ts');
    fs.writeFileSync(script, WRITER);
    for (const delay of [5, 30, 80, 200]) {
      const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      await new Promise<void>((resolve) => child.stdout.on('data', (c: Buffer) => (c.toString().includes('writing') ? resolve() : undefined)));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'stack-secrets.json'), 'utf8'))).toHaveProperty('jwtSecret');
      expect(createJsonProfileStore(path.join(dir, 'profiles.json')).list().length).toBeGreaterThan(0);
    }
    // The next write removes the temp files of killed writers.
    createJsonProfileStore(path.join(dir, 'profiles.json')).setActiveId('p1');
    loadOrCreateSecrets(dir);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.profiles.json.'))).toEqual([]);
  }, 60_000);
});
