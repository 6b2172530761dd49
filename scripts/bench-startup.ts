/**
 * `npm run bench:startup`: how long the embedded backend takes to start, on first run (initdb, migrate, seed)
 * and afterwards (data kept). Targets: under 15 s and under 5 s. Prints the phases of each start.
 */
import fs from 'node:fs';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { backendTempDir } from '../tests/support/temp-dir.js';

const dataDir = backendTempDir('reflect-bench-startup-');
const runs = Number(process.env.RUNS ?? 3);

async function once(label: string, fresh: boolean): Promise<number> {
  const t0 = performance.now();
  const backend = await startLocalBackend({ dataDir, fresh });
  const ms = performance.now() - t0;
  const phases = Object.entries(backend.timings)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ');
  console.log(`${label.padEnd(12)} ${(ms / 1000).toFixed(2)} s   (cumulative: ${phases})`);
  await backend.stop();
  return ms;
}

try {
  const first = await once('first run', true);
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push(await once(`restart ${i + 1}`, false));
  const worst = Math.max(...warm);
  console.log('');
  console.log(`first run ${(first / 1000).toFixed(2)} s (target < 15 s): ${first < 15_000 ? 'met' : 'NOT MET'}`);
  console.log(`restart   ${(worst / 1000).toFixed(2)} s worst of ${runs} (target < 5 s): ${worst < 5_000 ? 'met' : 'NOT MET'}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
