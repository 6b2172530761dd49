// A backend that is killed keeps its data lock (beside its folder, in the temp folder); the tests' cleanup must
// remove that lock with the folder, or every killed run leaves one more `.lock` in /tmp.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../main/local-backend/process/data-lock.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

describe('removeBackendTempDir', () => {
  it('removes the folder and the lock a never-released backend left beside it', () => {
    const dir = backendTempDir('reflect-lock-');
    lockDataDir(dir); // never released, as after SIGKILL
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
    removeBackendTempDir(dir);
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('is quiet when there is no lock (a backend that stopped cleanly)', () => {
    const dir = backendTempDir('reflect-lock-');
    expect(() => removeBackendTempDir(dir)).not.toThrow();
    expect(fs.existsSync(dir)).toBe(false);
  });
});
