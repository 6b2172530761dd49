import type { TestProject } from 'vitest/node';
import { startLocalBackend } from '../../main/local-backend/stack.js';

import { holdBackendTemplate } from '../support/backend-template.js';
import type { SharedBackend } from '../support/shared-backend.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

export type { SharedBackend };

declare module 'vitest' {
  export interface ProvidedContext {
    backend: SharedBackend;
  }
}

/**
 * One embedded backend (fresh, seeded) shared by the integration suites; stopped when they finish. It starts as a
 * copy of the run's seeded template (support/backend-template.ts), which suites with a backend of their own copy
 * too, and the e2e setup shares.
 */
export default async function setup(project: TestProject) {
  const template = await holdBackendTemplate();
  const dataDir = backendTempDir('reflect-it-');
  // Confirmation required as on hosted projects; no rate limits, since the suites sign in hundreds of times.
  const backend = await startLocalBackend({ dataDir, fresh: true, template: template.dir, auth: { rateLimits: false } }).catch((err: unknown) => {
    template.release();
    throw err;
  });
  project.provide('backendTemplate', template.dir);
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
    template.release();
  };
}
