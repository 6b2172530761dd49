import { inject } from 'vitest';
import type { SharedBackend } from './shared-backend.js';

/** As many shared backends as integration files run at once (vitest.config.ts's integration maxWorkers). */
export const SHARED_BACKENDS = 2;

/**
 * The shared embedded backend of the worker running this file: integration files run two at a time, each worker
 * on a backend of its own (tests/integration/global-setup.ts), so files on one backend still run one after another.
 * Vitest numbers its workers 1..maxWorkers and never runs two files at once under the same number.
 */
export function sharedBackend(): SharedBackend {
  const backends = inject('backends');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const backend = backends[(Number.isInteger(id) && id >= 1 ? id : 1) - 1];
  if (!backend) throw new Error(`No shared backend for worker ${id} (${backends.length} started)`);
  return backend;
}
