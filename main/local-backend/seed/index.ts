import type pg from 'pg';
import { insertAdmins, insertFeatureFlags, insertImportJobs, insertPrivacyVersions, PRIVACY_TEXT } from './admin-ops.js';
import { insertCoachInquiries, insertCoachRequests, insertCoaches } from './coaching.js';
import { insertApiUsage, insertCoachingActivity, insertJournalContent } from './content.js';
import { insertEmailEngagement } from './email.js';
import { insertEngagementMetrics } from './engagement.js';
import { insertMarketing, insertRevenue, insertSubscriptions } from './growth.js';
import { resolveSeedOptions, type SeedOptions } from './options.js';
import { insertInternalConversations, insertPromptFamilies } from './prompt-families.js';
import { Rng, SEED } from './random.js';
import { createSessionHelpers, withoutPlainIndexes } from './sql.js';
import { insertInbox, insertStorefront } from './storefront.js';
import { buildUsers, insertUsers } from './users.js';
import { insertTts, speakLibrary, type SpokenPhrase } from './tts-audio.js';

export { speakLibrary } from './tts-audio.js';

export { DEFAULT_RATIOS, DEFAULT_USERS, MAX_USERS, resolveSeedOptions, type SeedOptions, type SeedRatios } from './options.js';
export { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD, userId } from './users.js';

/** The tables whose row counts are recorded with each seed run (and printed by scripts/seed-size.ts). */
export const COUNTED_TABLES = [
  'profiles',
  'blocks',
  'goals',
  'challenges',
  'meditation_sessions',
  'saved_reflections',
  'coach_interactions',
  'chat_messages',
  'coach_panel_interactions',
  'coach_requests',
  'coach_inquiries',
  'feedback_submissions',
  'user_subscriptions',
  'user_engagement_metrics',
  'user_marketing_attribution',
  'marketing_link_visits',
  'affiliate_revenue',
  'api_usage_logs',
  'email_notification_queue',
  'contact_inquiries',
] as const;

/** Tables that grow with the user count; their plain indexes are dropped during the load and rebuilt after it. */
const BULK_TABLES = [
  'profiles',
  'blocks',
  'goals',
  'challenges',
  'meditation_sessions',
  'saved_reflections',
  'coach_interactions',
  'chat_messages',
  'coach_panel_interactions',
  'api_usage_logs',
  'user_subscriptions',
  'user_marketing_attribution',
  'marketing_link_visits',
  'affiliate_revenue',
  'user_engagement_metrics',
  'feedback_submissions',
  'coach_requests',
  'email_notification_queue',
];

async function ensureSeedRuns(db: pg.Pool): Promise<void> {
  await db.query(`create table if not exists reflect_meta.seed_runs (
    id serial primary key, seeded_at timestamptz not null default now(), users integer not null, anchor timestamptz not null);
    alter table reflect_meta.seed_runs add column if not exists options jsonb not null default '{}'::jsonb;
    alter table reflect_meta.seed_runs add column if not exists row_counts jsonb not null default '{}'::jsonb;
    alter table reflect_meta.seed_runs add column if not exists duration_ms integer`);
}

export async function countRows(db: pg.Pool | pg.PoolClient, tables: readonly string[] = COUNTED_TABLES): Promise<Record<string, number>> {
  const { rows } = await db.query<{ t: string; n: number }>(tables.map((t) => `select '${t}' as t, count(*)::int as n from public.${t}`).join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

/** Where the seed stores the TTS library's audio (the gateway's storage folder), and the audio if already begun. */
export interface SeedFiles {
  readonly storageRoot: string;
  readonly spoken?: Promise<SpokenPhrase[] | Error>;
}

/**
 * Seeds once per database: a row in reflect_meta.seed_runs marks it done. Returns whether it seeded now.
 * Without `files` (a bare database) the TTS library gets no audio, so only its failed rows.
 */
export async function seedIfEmpty(db: pg.Pool, opts: SeedOptions = {}, files?: SeedFiles): Promise<boolean> {
  await ensureSeedRuns(db);
  const { rowCount } = await db.query('select 1 from reflect_meta.seed_runs');
  if ((rowCount ?? 0) > 0) return false;
  const o = resolveSeedOptions(opts);
  const started = Date.now();
  let last = started;
  const step = (what: string) => {
    const t = Date.now();
    o.log(`seed: ${what} (${t - last} ms)`);
    last = t;
  };
  const rng = new Rng(SEED);
  // Spoken on the engine's own thread while PostgreSQL loads the rest.
  const speaking = files ? (files.spoken ?? speakLibrary()) : undefined;
  const client = await db.connect();
  try {
    await client.query('begin');
    // Serial plans only: parallel workers would make the order of random() calls, and so the data, vary.
    // synchronous_commit off for this transaction only: its commit need not wait for the WAL flush, and a seed
    // lost to a kill at that moment is simply done again at the next start (no seed_runs row).
    await client.query(`set local max_parallel_workers_per_gather = 0; set local synchronize_seqscans = off;
      set local maintenance_work_mem = '256MB'; set local work_mem = '256MB'; set local synchronous_commit = off`);
    await createSessionHelpers(client);
    // Every foreign key of the seed holds by construction (the integration tests check a sample): replica mode
    // skips the per-row checks and triggers, a large share of the load time at 100,000 users. The sign-up trigger's
    // work is done in bulk by insertUsers; every versioned row is inserted with its version.
    await client.query('set local session_replication_role = replica');
    const rebuildIndexes = await withoutPlainIndexes(client, BULK_TABLES);
    const users = buildUsers(rng, o);
    await insertUsers(client, users);
    step(`${users.length} users`);
    const adminId = users[0]!.id;
    const coaches = await insertCoaches(client, rng, o.now, adminId);
    await insertPromptFamilies(client, rng, o.now, adminId);
    await insertStorefront(client, rng, o.now, adminId);
    await client.query(`insert into public.admin_settings (key, value, updated_at) values ('privacy_intentions', $1, $2)`, [PRIVACY_TEXT, o.now]);
    step('catalog');

    const journal = await insertJournalContent(client, o.now);
    step(`journal content ${JSON.stringify(journal)}`);
    const coaching = await insertCoachingActivity(client, coaches.idsByPopularity, coaches.panelCombos, o.messagesPerInteraction);
    step(`coaching ${JSON.stringify(coaching)}`);
    await insertApiUsage(client, o.now);
    step('api usage');

    await insertSubscriptions(client, rng, o.now, users, o.subscriptionShare);
    await insertMarketing(client, rng, o.now, users, adminId, o.attributionShare, o.visitsPerConversion);
    await insertRevenue(client, o.now);
    step('subscriptions and marketing');
    await insertAdmins(client, rng, o.now, users);
    await insertFeatureFlags(client, rng, o.now, users);
    await insertPrivacyVersions(client, rng, o.now, adminId);
    await insertImportJobs(client, rng, o.now, users);
    const spoken = await speaking;
    if (spoken instanceof Error) o.log(`seed: the speech engine failed (${spoken.message}); the TTS library has no audio`);
    await insertTts(client, rng, o.now, adminId, files && Array.isArray(spoken) ? { spoken, storageRoot: files.storageRoot } : undefined);
    await insertInbox(client, rng, o.now, users, o.feedbackPerUser, o.contactInquiriesPerUser);
    await insertEmailEngagement(client, rng, o.now, users, adminId, o.emailQueuePerUser);
    await insertCoachRequests(client, rng, o.now, users, o.coachRequestsPerUser);
    await insertCoachInquiries(client, rng, o.now, o.users);
    await insertInternalConversations(
      client,
      rng,
      o.now,
      users.slice(0, 4).map((u) => u.id),
    );
    step('operations');
    await insertEngagementMetrics(client, o.now, o.engagementShare);
    step('engagement metrics');
    await rebuildIndexes();
    await client.query('set local session_replication_role = origin');
    step('indexes');

    const counts = await countRows(client);
    const { users: _n, now: _t, log: _l, ...ratios } = o;
    await client.query('insert into reflect_meta.seed_runs (users, anchor, options, row_counts, duration_ms) values ($1, $2, $3, $4, $5)', [
      o.users,
      o.now,
      ratios,
      counts,
      Date.now() - started,
    ]);
    await client.query('commit');
    step('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  // Fresh statistics, so the first analytics queries get good plans without waiting for autovacuum.
  const c = await db.connect();
  try {
    // A smaller sample than the default 100: at 100,000 users the full analyze took several seconds.
    await c.query('begin');
    await c.query('set local default_statistics_target = 50');
    await c.query('analyze');
    await c.query('commit');
  } finally {
    c.release();
  }
  step('analyze');
  o.log(`seed: done in ${Date.now() - started} ms`);
  return true;
}
