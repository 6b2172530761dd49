import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '../../ground/process-alive.js';

/**
 * One process per backend folder: a second Reflect Admin on the same data would otherwise take over its
 * database. The lock names its holder's pid; a lock whose holder is gone is stale and taken over.
 */
export interface DataLock {
  release(): void;
}

/** Locks this process holds, so a second start on the same folder in-process is refused too. */
const held = new Set<string>();

/** The lock sits beside the folder, so starting fresh (which removes the folder) happens under the lock. */
export function lockDataDir(dir: string): DataLock {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const file = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      return {
        release: () => {
          held.delete(file);
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      const ours = holder === process.pid;
      if (Number.isInteger(holder) && holder > 0 && ((ours && held.has(file)) || (!ours && processAlive(holder)))) {
        throw new Error(`The demo database in ${dir} is in use by another Reflect Admin (process ${holder}). Close it first.`, { cause: err });
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}
