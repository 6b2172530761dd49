import path from 'node:path';
import { startLocalBackend } from '../../main/local-backend/stack.js';
import { backendTempDir, removeBackendTempDir } from './temp-dir.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped, freshly seeded backend folder to start copies of (startLocalBackend's `template`). */
    backendTemplate: string;
  }
}

interface Template {
  readonly dir: Promise<string>;
  readonly root: string;
  holders: number;
}

// The integration and e2e global setups run in vitest's one main process, but each loads this module on its own:
// the template they share is kept on globalThis.
const KEY = Symbol.for('reflect-admin.tests.backend-template');

/**
 * The run's seeded backend, built once (initdb, migrations, seed: most of a fresh start) and stopped cleanly, for
 * every backend of the run to start as a copy: the integration suites' shared one, each e2e file's browser mode.
 * Each global setup holds it and releases it in its teardown; the last release removes it.
 */
export async function holdBackendTemplate(): Promise<{ readonly dir: string; release(): void }> {
  const store = globalThis as { [KEY]?: Template };
  let template = store[KEY];
  if (!template) {
    const root = backendTempDir('reflect-template-');
    const dataDir = path.join(root, 'backend');
    const dir = startLocalBackend({ dataDir, fresh: true }).then(async (backend) => {
      await backend.stop();
      return dataDir;
    });
    template = store[KEY] = { dir, root, holders: 0 };
  }
  const held = template;
  held.holders++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (--held.holders > 0) return;
    if (store[KEY] === held) delete store[KEY];
    removeBackendTempDir(held.root);
  };
  try {
    return { dir: await held.dir, release };
  } catch (err) {
    release();
    throw err;
  }
}
