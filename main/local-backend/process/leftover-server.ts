import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../../ground/process-alive.js';

/**
 * A server a killed run could leave behind: its guard stops it when the host dies, but not when the guard itself was
 * killed too (a process-tree kill that missed the server) nor on Windows, which has no guard. The server's pid is
 * kept in a file beside the backend folder while it runs, and the next start on that folder (which holds the
 * folder's lock, so no other run owns that server) stops a live process of that name found there.
 */

/** The executable's name of a live process, or undefined where it cannot be read. */
function commandOf(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') return path.basename(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
    if (process.platform === 'win32') return execFileSync('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH'], { encoding: 'utf8' }).split(',')[0];
    return path.basename(execFileSync('ps', ['-p', String(pid), '-o', 'comm='], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
}

export function recordServerPid(file: string, pid: number): void {
  fs.writeFileSync(file, String(pid));
}

export function forgetServerPid(file: string): void {
  fs.rmSync(file, { force: true });
}

/** Stops the server named in `file` when it still runs and is the program `name` (a reused pid is left alone). */
export async function stopLeftoverServer(file: string, name: string, log: (line: string) => void = () => undefined): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return false;
  }
  forgetServerPid(file);
  if (!Number.isInteger(pid) || pid <= 1 || !processAlive(pid) || !commandOf(pid)?.toLowerCase().includes(name)) return false;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return false;
  }
  for (let i = 0; i < 50 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  log(`${name}: stopped the server (pid ${pid}) an interrupted earlier run left running`);
  return true;
}
