import { spawn, type ChildProcess } from 'node:child_process';
import type { RunAs } from './os-user.js';

/**
 * Runs a server under a tiny POSIX shell guard whose stdin is a pipe from this process. When this process
 * exits for any reason, a SIGKILL included, the pipe closes, the guard reads end-of-file and stops the server
 * (SIGINT: PostgreSQL's fast shutdown, PostgREST's clean exit). So no server outlives its host.
 * The guard also exits when the server exits by itself.
 */
const GUARD = [
  'exec 3<&0',
  '"$@" <&- &',
  'pid=$!',
  // The server's own pid, for the host's record of it (leftover-server.ts).
  'echo "reflect-guard-pid $pid" >&2',
  '( read -r _ <&3; kill -INT "$pid" 2>/dev/null; n=0',
  '  while kill -0 "$pid" 2>/dev/null && [ "$n" -lt 50 ]; do sleep 0.2; n=$((n + 1)); done',
  '  kill -KILL "$pid" 2>/dev/null ) &',
  'watcher=$!',
  'wait "$pid"',
  'status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

export interface GuardedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Graceful stop: closes the guard's pipe, waits, then kills if needed. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface GuardedSpawnOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly runAs?: RunAs | undefined;
  readonly onOutput?: (line: string) => void;
  readonly cwd?: string;
  /** Told the server's own pid once it runs (under the guard it is not the child's). */
  readonly onPid?: (pid: number) => void;
}

export function spawnGuarded(command: string, args: readonly string[], opts: GuardedSpawnOptions = {}): GuardedProcess {
  const isWindows = process.platform === 'win32';
  const child = isWindows
    ? spawn(command, [...args], { env: opts.env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true })
    : spawn('/bin/sh', ['-c', GUARD, 'reflect-guard', command, ...args], {
        env: opts.env,
        cwd: opts.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(opts.runAs ? { uid: opts.runAs.uid, gid: opts.runAs.gid } : {}),
      });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      const guardPid = /^reflect-guard-pid (\d+)$/.exec(line.trim());
      if (guardPid) opts.onPid?.(Number(guardPid[1]));
      else if (line.trim()) opts.onOutput?.(line);
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  // A closed pipe on our side must not crash the host.
  child.stdin?.on('error', () => undefined);
  if (isWindows && child.pid !== undefined) opts.onPid?.(child.pid);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });

  return {
    child,
    exited,
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (isWindows) child.kill();
      else child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
