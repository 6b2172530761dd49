import type { TestProject } from 'vitest/node';
import { startLocalBackend } from '../../main/local-backend/stack.js';

import type { SharedBackend } from '../support/shared-backend.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

export type { SharedBackend };

declare module 'vitest' {
  export interface ProvidedContext {
    backend: SharedBackend;
  }
}

/** One embedded backend (fresh, seeded) shared by the integration suites; stopped when they finish. */
export default async function setup(project: TestProject) {
  const dataDir = backendTempDir('reflect-it-');
  // Confirmation required as on hosted projects; no rate limits, since the suites sign in hundreds of times.
  const backend = await startLocalBackend({ dataDir, fresh: true, auth: { rateLimits: false } });
  project.provide('backend', {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    databaseUrl: backend.databaseUrl,
    dataDir,
  });
  return async () => {
    await backend.stop();
    removeBackendTempDir(dataDir);
  };
}
