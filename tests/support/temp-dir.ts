import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A new temporary folder for an embedded backend. Running as root, PostgreSQL runs as the postgres user and its
 * cluster moves under /var/tmp when the folder is not reachable by that user (main/local-backend/process/os-user.ts),
 * where nothing removes it: a reachable folder keeps the cluster inside, so removing the folder removes it too.
 */
export function backendTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * Removes a backend folder and the `.lock` the backend writes beside it (main/local-backend/process/data-lock.ts):
 * a backend that never stopped cleanly (killed, or a failed start) leaves that lock in the temp folder otherwise.
 */
export function removeBackendTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${path.resolve(dir)}.lock`, { force: true });
}
