import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBinaries, ensureExecutable } from './binaries.js';
import { binariesReachableBy, chownDeep, chownTree, clusterDirFor, runAsForPostgres, type RunAs } from './os-user.js';
import { spawnGuarded, type GuardedProcess } from './guarded-process.js';
import { freePort, waitFor } from './ports.js';

const execFileAsync = promisify(execFile);

export interface PostgresServer {
  readonly port: number;
  readonly dataDir: string;
  readonly superuserUrl: string;
  readonly initialisedNow: boolean;
  stop(): Promise<void>;
}

export interface PostgresOptions {
  /** Preferred location of the cluster (moved under /var/tmp when running as root and unreachable). */
  readonly clusterDir: string;
  readonly superuserPassword: string;
  /** Remove any existing cluster first. */
  readonly fresh?: boolean;
  /** With `fresh`: copy this stopped cluster (its preferred location) instead of running initdb. */
  readonly template?: string;
  readonly log?: (line: string) => void;
  /** The port to serve on (a restart keeps the one it had); a free one when left out. */
  readonly port?: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster left running on this cluster (for example on Windows after a crash) is ours: stop it. */
async function stopLeftover(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  await waitFor(async () => !isAlive(pid), 'the previous PostgreSQL', 15_000).catch(() => process.kill(pid, 'SIGKILL'));
}

async function initCluster(initdb: string, dataDir: string, password: string, runAs: RunAs | undefined): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownTree(dataDir, runAs);
  const pwFile = path.join(path.dirname(dataDir), `.pw-${process.pid}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  chownTree(pwFile, runAs);
  try {
    await execFileAsync(
      initdb,
      ['-D', dataDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwFile}`, '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      runAs ? { uid: runAs.uid, gid: runAs.gid } : {},
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

export async function startPostgres(opts: PostgresOptions): Promise<PostgresServer> {
  const runAs = runAsForPostgres();
  const bins = postgresBinaries();
  const root = binariesReachableBy(bins.root, runAs);
  const postgresExe = path.join(root, 'bin', path.basename(bins.postgres));
  const initdbExe = path.join(root, 'bin', path.basename(bins.initdb));
  ensureExecutable(postgresExe);
  ensureExecutable(initdbExe);

  const dataDir = clusterDirFor(opts.clusterDir, runAs);
  if (opts.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  if (runAs) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  }
  if (opts.fresh && opts.template) {
    fs.cpSync(clusterDirFor(opts.template, runAs), dataDir, { recursive: true });
    fs.chmodSync(dataDir, 0o700);
    chownDeep(dataDir, runAs);
  }
  const initialisedNow = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (initialisedNow) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await initCluster(initdbExe, dataDir, opts.superuserPassword, runAs);
  } else {
    await stopLeftover(dataDir);
  }

  const port = opts.port ?? (await freePort());
  const proc: GuardedProcess = spawnGuarded(
    postgresExe,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      // No Unix socket: the default socket folder may not be writable here, and TCP on loopback is all we use.
      '-k',
      '',
      // synchronous_commit stays on: a write the demo acknowledged (and the audit log recorded as done) survives a
      // kill of PostgreSQL. Only the seed turns it off, for its own transaction (seed/index.ts).
      '-c',
      'max_connections=60',
      '-c',
      'shared_buffers=128MB',
    ],
    { runAs, onOutput: opts.log, env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  let dead = false;
  void proc.exited.then(() => {
    dead = true;
  });
  const superuserUrl = `postgres://postgres:${encodeURIComponent(opts.superuserPassword)}@127.0.0.1:${port}/postgres`;
  try {
    await waitFor(
      async () => {
        const client = new pg.Client({ connectionString: superuserUrl });
        // A server shutting down as it answers (a restart) ends the connection with an error event: not the host's.
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      'PostgreSQL',
      30_000,
      () => dead,
    );
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { port, dataDir, superuserUrl, initialisedNow, stop: () => proc.stop() };
}
