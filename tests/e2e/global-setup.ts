import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalBackend } from '../../main/local-backend/stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    backendTemplate: string;
  }
}

/**
 * One fresh, seeded embedded backend, built and stopped cleanly before the suites start: each suite's browser
 * mode copies it instead of running initdb, the migrations and the seed again (about 8 of its 11 seconds).
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-e2e-template-'));
  // Reachable by the postgres user when running as root, so the cluster stays inside (see os-user.ts).
  fs.chmodSync(root, 0o755);
  const dataDir = path.join(root, 'backend');
  const backend = await startLocalBackend({ dataDir, fresh: true });
  await backend.stop();
  project.provide('backendTemplate', dataDir);
  return () => {
    fs.rmSync(root, { recursive: true, force: true });
  };
}
