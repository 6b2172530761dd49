import { postgrestBinary, ensureExecutable } from './binaries.js';
import { spawnGuarded } from './guarded-process.js';
import { assertRunnable } from './rosetta.js';
import { freePort, waitFor } from './ports.js';
import { forgetServerPid, recordServerPid, stopLeftoverServer } from './leftover-server.js';

export interface PostgrestServer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface PostgrestOptions {
  readonly dbUrl: string;
  readonly jwtSecret: string;
  readonly log?: (line: string) => void;
  /** Where the running server's pid is kept, so a start after a hard kill can stop the one left behind. */
  readonly pidFile?: string;
  /** The port to serve on (a restart keeps the one it had); a free one when left out. */
  readonly port?: number;
}

/** Hosted Supabase caps every response at 1,000 rows; so does the stand-in, so no screen relies on more. */
export const MAX_ROWS = 1000;

export async function startPostgrest(opts: PostgrestOptions): Promise<PostgrestServer> {
  const exe = postgrestBinary();
  ensureExecutable(exe);
  assertRunnable(exe);
  const pidFile = opts.pidFile;
  if (pidFile) await stopLeftoverServer(pidFile, 'postgrest', opts.log);
  const [port, adminPort] = [opts.port ?? (await freePort()), await freePort()];
  const proc = spawnGuarded(exe, [], {
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: opts.dbUrl,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: opts.jwtSecret,
      PGRST_DB_MAX_ROWS: String(MAX_ROWS),
      PGRST_DB_POOL: '10',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_ADMIN_SERVER_PORT: String(adminPort),
      PGRST_LOG_LEVEL: 'error',
      PGRST_DB_CHANNEL_ENABLED: 'true',
    },
    onOutput: opts.log,
    ...(pidFile ? { onPid: (pid: number) => recordServerPid(pidFile, pid) } : {}),
  });
  const stop = async () => {
    await proc.stop();
    if (pidFile) forgetServerPid(pidFile);
  };
  let dead = false;
  void proc.exited.then(() => {
    dead = true;
  });
  try {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${adminPort}/ready`)).status === 200,
      'PostgREST',
      30_000,
      () => dead,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
