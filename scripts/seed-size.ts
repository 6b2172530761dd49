/**
 * Seeds a throwaway embedded backend with N users and prints the timings and the big tables' row counts.
 * Usage: npx tsx scripts/seed-size.ts 100000
 */
import fs from 'node:fs';
import pg from 'pg';
import { startLocalBackend } from '../main/local-backend/stack.js';
import { countRows } from '../main/local-backend/seed/index.js';
import { backendTempDir } from '../tests/support/temp-dir.js';

async function main(): Promise<void> {
  const users = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(users) || users < 0) throw new Error(`Usage: npx tsx scripts/seed-size.ts <users>; got ${process.argv[2]}`);
  const dataDir = backendTempDir('reflect-seed-size-');
  const started = Date.now();
  const backend = await startLocalBackend({
    dataDir,
    fresh: true,
    seed: { users },
    log: (line) => {
      if (line.startsWith('seed')) console.log(line);
    },
  });
  try {
    console.log(`started in ${Date.now() - started} ms; milestones (ms since start):`, backend.timings);
    console.log(`seed: ${(backend.timings.seed ?? 0) - (backend.timings.migrate ?? 0)} ms for ${users} users`);
    const db = new pg.Pool({ connectionString: backend.databaseUrl, max: 1 });
    try {
      console.table(await countRows(db));
    } finally {
      await db.end();
    }
  } finally {
    await backend.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
