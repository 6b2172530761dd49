import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * PostgreSQL refuses to run as root. When the host runs as root (containers, CI), the cluster runs as the
 * `postgres` OS user instead, created if missing, and everything it touches must be reachable by that user.
 */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

export function runAsForPostgres(): RunAs | undefined {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const read = (): RunAs | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  } catch {
    // the group may already exist
  }
  execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
  const created = read();
  if (!created) throw new Error('Could not create the postgres OS user needed to run PostgreSQL as root.');
  return created;
}

/** True when every directory on the way to `dir` can be traversed by `who` (others or group execute bit). */
function traversable(dir: string, who: RunAs): boolean {
  let current = path.resolve(dir);
  for (;;) {
    if (fs.existsSync(current)) {
      const st = fs.statSync(current);
      const ok = st.uid === who.uid ? (st.mode & 0o100) !== 0 : st.gid === who.gid ? (st.mode & 0o010) !== 0 : (st.mode & 0o001) !== 0;
      if (!ok) return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Where the cluster's data directory goes. Normally inside the profile's folder; when running as root and that
 * folder is not reachable by the postgres user (e.g. under /root), a stable folder under /var/tmp keyed by it.
 */
export function clusterDirFor(preferred: string, who: RunAs | undefined): string {
  if (!who || traversable(path.dirname(preferred), who)) return preferred;
  const key = crypto.createHash('sha256').update(path.resolve(preferred)).digest('hex').slice(0, 16);
  return path.join(os.platform() === 'linux' ? '/var/tmp' : os.tmpdir(), 'reflect-admin-pg', key);
}

/** The binaries must be readable by the postgres user too; if not, a copy is kept in a shared folder. */
export function binariesReachableBy(root: string, who: RunAs | undefined): string {
  if (!who || traversable(path.join(root, 'bin'), who)) return root;
  const target = path.join('/var/tmp', 'reflect-admin-pg', `bin-${crypto.createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    fs.cpSync(root, target, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(target, '.complete'), '');
  }
  return target;
}

export function chownTree(dir: string, who: RunAs | undefined): void {
  if (!who) return;
  fs.chownSync(dir, who.uid, who.gid);
}

/** A copied cluster must belong to the postgres user through and through, or the server refuses to start. */
export function chownDeep(dir: string, who: RunAs | undefined): void {
  if (!who) return;
  fs.chownSync(dir, who.uid, who.gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownDeep(full, who);
    else fs.lchownSync(full, who.uid, who.gid);
  }
}
