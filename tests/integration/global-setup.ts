import type { TestProject } from 'vitest/node';
import { startLocalBackend } from '../../main/local-backend/stack.js';

import { holdBackendTemplate } from '../support/backend-template.js';
import type { SharedBackend } from '../support/shared-backend.js';
import { SHARED_BACKENDS } from '../support/worker-backend.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

export type { SharedBackend };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per integration worker (support/worker-backend.ts picks the running worker's). */
    backends: SharedBackend[];
  }
}

/**
 * Embedded backends (fresh, seeded) shared by the integration suites, one per worker, so two files run at once and
 * the files of one worker still take turns on theirs; stopped when they finish. Each starts as a copy of the run's
 * seeded template (support/backend-template.ts), which suites with a backend of their own copy too, and the e2e setup
 * shares.
 */
export default async function setup(project: TestProject) {
  const template = await holdBackendTemplate();
  // Confirmation required as on hosted projects; no rate limits, since the suites sign in hundreds of times.
  const started = await Promise.allSettled(
    Array.from({ length: SHARED_BACKENDS }, async () => {
      const dataDir = backendTempDir('reflect-it-');
      try {
        return { dataDir, backend: await startLocalBackend({ dataDir, fresh: true, template: template.dir, auth: { rateLimits: false } }) };
      } catch (err) {
        removeBackendTempDir(dataDir);
        throw err;
      }
    }),
  );
  const running = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    for (const { backend, dataDir } of running) {
      await backend.stop();
      removeBackendTempDir(dataDir);
    }
    template.release();
  };
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide('backendTemplate', template.dir);
  project.provide(
    'backends',
    running.map(({ backend, dataDir }) => ({
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      databaseUrl: backend.databaseUrl,
      dataDir,
    })),
  );
  return stopAll;
}
