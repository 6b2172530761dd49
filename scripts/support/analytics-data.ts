/** The analytics benchmarks' dataset: the seed at N users, topped up with SQL where it falls short (bench:analytics, bench:sync). */
import pg from 'pg';
import type { LocalBackend } from '../../main/local-backend/stack.js';
import { countRows } from '../../main/local-backend/seed/index.js';

/** What the benchmark's dataset must hold at 100,000 users (scaled for smaller runs). */
const MINIMUM_PER_USER = { blocks: 10, coach_interactions: 3, meditation_sessions: 1 };

export async function topUp(backend: LocalBackend, users: number): Promise<void> {
  const db = new pg.Client({ connectionString: backend.databaseUrl });
  await db.connect();
  try {
    await db.query('select setseed(0.5)');
    const counts = await countRows(db as unknown as pg.Pool, Object.keys(MINIMUM_PER_USER));
    for (const [table, perUser] of Object.entries(MINIMUM_PER_USER)) {
      const missing = perUser * users - (counts[table] ?? 0);
      if (missing <= 0) continue;
      const cols: Record<string, string> = {
        blocks: `insert into public.blocks (user_id, content, created_at, updated_at) select u, 'bench', t, t`,
        coach_interactions: `insert into public.coach_interactions (user_id, coach_id, created_at) select u, (select id from public.coaches order by name limit 1), t`,
        meditation_sessions: `insert into public.meditation_sessions (user_id, brainwave_type, duration_minutes, actual_duration_seconds, completed_at, created_at) select u, 'alpha', 10, 600, t, t`,
      };
      await db.query(
        `${cols[table]} from (select p.a[1 + floor(random() * cardinality(p.a))::int] u, now() - random() * interval '540 days' t
           from generate_series(1, $1::int), (select array_agg(id order by id) a from public.profiles) p) s`,
        [missing],
      );
      console.log(`  topped up ${table} with ${missing} rows`);
    }
    // A bulk-loaded database has not been vacuumed yet; autovacuum would do it within a minute. Done now, so
    // the sync's reads get their index-only scans from the start.
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
}
