import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startLocalBackend } from '../../main/local-backend/stack.js';
import { stopLeftoverServer } from '../../main/local-backend/process/leftover-server.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const d = backendTempDir('reflect-life-');
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach(removeBackendTempDir));

/** Every descendant of a process (pid -> command), from ps. */
function descendants(root: number): Map<number, string> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args=']).toString().trim().split('\n');
  const procs = rows.map((r) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(r);
    return m ? { pid: Number(m[1]), ppid: Number(m[2]), args: m[3] as string } : undefined;
  });
  const out = new Map<number, string>();
  const walk = (pid: number) => {
    for (const p of procs) {
      if (p && p.ppid === pid && !out.has(p.pid)) {
        out.set(p.pid, p.args);
        walk(p.pid);
      }
    }
  };
  walk(root);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function canConnect(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

describe('embedded backend lifecycle', () => {
  it('leaves no PostgreSQL or PostgREST process behind when its host is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const host = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/fixtures/stack-host.ts'), dataDir, 'fresh'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    host.stdout.on('data', (c: Buffer) => (out += c.toString()));
    host.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const ready = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 60_000);
      host.stdout.on('data', () => {
        const m = /ready (\S+) (\S+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    const tree = descendants(host.pid as number);
    const servers = [...tree].filter(([, args]) => /postgres -D|postgrest/.test(args));
    expect(servers.length).toBeGreaterThanOrEqual(2);
    expect(await canConnect(ready)).toBe(true);

    host.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && [...tree.keys()].some(alive)) await new Promise((r) => setTimeout(r, 200));
    expect([...tree].filter(([pid]) => alive(pid)).map(([, args]) => args)).toEqual([]);
    expect(await canConnect(ready)).toBe(false);
  });

  it('stops, at the next start, a PostgREST a killed run left behind with its guard killed too (issue 26 item 11)', async () => {
    const dataDir = tempDir();
    const host = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/fixtures/stack-host.ts'), dataDir, 'fresh'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    host.stdout.on('data', (c: Buffer) => (out += c.toString()));
    host.stderr.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 60_000);
      host.stdout.on('data', () => {
        if (/ready \S+ \S+/.test(out)) {
          clearTimeout(t);
          resolve();
        }
      });
    });
    const tree = descendants(host.pid as number);
    const server = [...tree].find(([, args]) => /postgrest/.test(args) && !/reflect-guard/.test(args));
    const guards = [...tree].filter(([, args]) => /reflect-guard/.test(args) && /postgrest/.test(args)).map(([pid]) => pid);
    expect(server, [...tree.values()].join('\n')).toBeDefined();
    expect(guards.length).toBeGreaterThan(0);
    expect(fs.readFileSync(`${dataDir}.postgrest.pid`, 'utf8')).toBe(String(server![0]));
    // The guard and its watcher die first, then the host: nothing is left to stop the server.
    for (const pid of guards) process.kill(pid, 'SIGKILL');
    host.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1000));
    expect(alive(server![0])).toBe(true);
    let stoppedByStart = false;

    const backend = await startLocalBackend({ dataDir }).finally(() => {
      stoppedByStart = !alive(server![0]);
      // Never leave the orphan running, even when the start did not stop it (the test then fails below).
      if (alive(server![0])) process.kill(server![0], 'SIGKILL');
    });
    try {
      expect(stoppedByStart).toBe(true);
      expect((await fetch(`${backend.url}/rest/v1/`, { headers: { apikey: backend.anonKey } })).status).toBeLessThan(500);
      expect(fs.readFileSync(`${dataDir}.postgrest.pid`, 'utf8')).not.toBe(String(server![0]));
    } finally {
      await backend.stop();
    }
    expect(fs.existsSync(`${dataDir}.postgrest.pid`)).toBe(false);
  });

  it('leaves a process it did not start alone: a pid file naming another program stops nothing', async () => {
    const dataDir = tempDir();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      fs.writeFileSync(`${dataDir}.postgrest.pid`, String(other.pid));
      expect(await stopLeftoverServer(`${dataDir}.postgrest.pid`, 'postgrest')).toBe(false);
      expect(alive(other.pid as number)).toBe(true);
      expect(fs.existsSync(`${dataDir}.postgrest.pid`)).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('starts on the same folder after its host was killed with SIGKILL at any point of a first start (issue 9)', async () => {
    for (const delay of [400, 2500]) {
      const dataDir = tempDir();
      const host = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/fixtures/stack-host.ts'), dataDir, 'fresh'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise((r) => setTimeout(r, delay));
      const tree = descendants(host.pid as number);
      host.kill('SIGKILL');
      await new Promise((r) => host.once('exit', r));
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && [...tree.keys()].some(alive)) await new Promise((r) => setTimeout(r, 200));
      const again = await startLocalBackend({ dataDir });
      try {
        const res = await fetch(`${again.url}/rest/v1/admin_settings?select=key`, { headers: { apikey: again.serviceRoleKey } });
        expect(res.status, `killed after ${delay} ms`).toBe(200);
        expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'stack-secrets.json'), 'utf8'))).toHaveProperty('jwtSecret');
      } finally {
        await again.stop();
      }
    }
  }, 240_000);

  it('starts again on the same data, keeping it, and refuses a second host on the same folder', async () => {
    const dataDir = tempDir();
    const first = await startLocalBackend({ dataDir, fresh: true });
    let users: number;
    try {
      const c = new pg.Client({ connectionString: first.databaseUrl });
      await c.connect();
      await c.query("insert into admin_settings (key, value) values ('lifecycle_marker', 'kept')");
      users = Number((await c.query('select count(*) n from profiles')).rows[0].n);
      await c.end();
      await expect(startLocalBackend({ dataDir })).rejects.toThrow(/in use by another Reflect Admin/);
    } finally {
      await first.stop();
    }
    // A deletion killed after parking a file but before its commit (the object row is still there): the restart
    // puts the file back (issue 9).
    const parkedFrom = path.join(dataDir, 'storage', 'tts-audio', 'lifecycle', 'clip.mp3');
    const batch = path.join(dataDir, 'storage', '.deleting', 'killed-batch');
    const marker = await startLocalBackend({ dataDir });
    let objectId: string;
    try {
      const c = new pg.Client({ connectionString: marker.databaseUrl });
      await c.connect();
      objectId = (await c.query(`insert into storage.objects (bucket_id, name, metadata) values ('tts-audio', 'lifecycle/clip.mp3', '{}') returning id::text`))
        .rows[0].id;
      await c.end();
    } finally {
      await marker.stop();
    }
    fs.mkdirSync(batch, { recursive: true });
    fs.writeFileSync(path.join(batch, '0'), 'parked audio');
    fs.writeFileSync(path.join(batch, 'manifest.json'), JSON.stringify([{ id: objectId, bucket_id: 'tts-audio', name: 'lifecycle/clip.mp3', file: '0' }]));
    const second = await startLocalBackend({ dataDir });
    try {
      expect(fs.readFileSync(parkedFrom, 'utf8')).toBe('parked audio');
      expect(fs.readdirSync(path.join(dataDir, 'storage', '.deleting'))).toEqual([]);
      const c = new pg.Client({ connectionString: second.databaseUrl });
      await c.connect();
      expect((await c.query("select value from admin_settings where key = 'lifecycle_marker'")).rows).toEqual([{ value: 'kept' }]);
      expect(Number((await c.query('select count(*) n from profiles')).rows[0].n)).toBe(users);
      await c.end();
      // A restart migrates nothing and seeds nothing again.
      expect((second.timings.seed ?? 0) - (second.timings.migrate ?? 0)).toBeLessThan(2000);
    } finally {
      await second.stop();
    }
  });
});
