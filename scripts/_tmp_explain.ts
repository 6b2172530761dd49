import pg from 'pg';
import { startLocalBackend } from '/work/wt/campaign15/main/local-backend/stack.js';
import { PERFORMANCE_SQL, PAYING_CUSTOMERS_SQL } from '/work/wt/campaign15/main/local-backend/functions/campaigns/campaign-sql.js';
const backend = await startLocalBackend({ dataDir: '/tmp/c15bench/data', fresh: false, seed: { users: 100000 } });
const db = new pg.Client({ connectionString: backend.databaseUrl });
await db.connect();
try {
  const since90 = new Date(Date.now() - 90 * 864e5).toISOString();
  for (const [name, sql, params] of [
    ['perf', PERFORMANCE_SQL, [since90, null]],
    ['paying', PAYING_CUSTOMERS_SQL, [since90, null]],
    ['usage', 'select public.admin_api_usage_stats($1)', [since90]],
  ] as const) {
    const r = await db.query('explain (analyze, buffers) ' + sql, params as unknown[]);
    console.log(name, r.rows.map((x) => x['QUERY PLAN']).filter((l: string) => /Execution|Seq Scan|Index/.test(l)).join('\n'));
  }
  if (process.argv[2] === 'vacuum') { await db.query('vacuum analyze'); console.log('vacuumed'); }
} finally { await db.end(); await backend.stop(); }
