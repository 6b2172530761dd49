import type pg from 'pg';
import { DAY_MS, type Rng } from './random.js';
import { insertUnnest, stableUuid } from './sql.js';
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './texts.js';
import type { ResolvedSeedOptions } from './options.js';

export const DEMO_PASSWORD = 'reflect-demo';
export const DEMO_ADMIN_EMAIL = 'admin@reflect.local';
export const DEMO_MEMBER_EMAIL = 'member@reflect.local';

/** The span of the demo history: 18 months before "now". */
export const HISTORY_DAYS = 548;

const TERMS_VERSION = '2024-06-01';

/** One generated account; the per-user counts drive the bulk SQL in content.ts. */
export interface SeedUser {
  readonly idx: number;
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly createdAt: Date;
  /** Content falls between createdAt and activeUntil (users who drifted away stop earlier). */
  readonly activeUntil: Date;
  readonly lastSignInAt: Date | null;
  readonly confirmed: boolean;
  /** Heavy-tailed activity level, mean about 1. */
  readonly activity: number;
  /** Independent uniform numbers for decisions made in SQL statements whose row order is not fixed. */
  readonly r: readonly [number, number, number, number];
  readonly counts: Readonly<Record<CountKey, number>>;
}

export type CountKey = 'blocks' | 'goals' | 'challenges' | 'meditations' | 'reflections' | 'interactions' | 'panels' | 'apiLogs';

/** Index 0 is the demo admin, 1 the demo member, 2.. the generated end users. Ids follow stableUuid('user:<idx>'). */
export function userId(idx: number): string {
  return stableUuid(`user:${idx}`);
}

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ü/g, 'u')
    .toLowerCase();
}

export function buildUsers(rng: Rng, o: ResolvedSeedOptions): SeedUser[] {
  const now = o.now.getTime();
  const users: SeedUser[] = [];
  const total = o.users + 2;
  for (let idx = 0; idx < total; idx++) {
    const demo = idx < 2;
    // Sign-ups grow over time: the density of the position in the history rises linearly (sqrt of a uniform).
    const position = demo ? (idx === 0 ? 0.01 : 0.45) : Math.sqrt(rng.next());
    const createdAt = new Date(Math.min(now - 3_600_000, now - HISTORY_DAYS * DAY_MS * (1 - position)) - rng.int(0, 86_399) * 1000);
    // Older accounts have had more time to write; newer ones are often keener. The factor averages 1.
    const ageFactor = 0.5 + 1.5 * (1 - position);
    const activity = demo ? 2 : rng.exp(1);
    const stays = demo || rng.chance(0.55);
    const activeUntil = stays ? new Date(now) : rng.between(createdAt, new Date(now));
    const signedIn = demo || rng.chance(0.93);
    const lastSignInAt = signedIn ? new Date(Math.max(createdAt.getTime(), activeUntil.getTime() - rng.int(0, 3 * 86_400) * 1000)) : null;
    const first = demo ? (idx === 0 ? 'Alex' : 'Morgan') : rng.pick(FIRST_NAMES);
    const last = demo ? (idx === 0 ? 'Admin' : 'Member') : rng.pick(LAST_NAMES);
    const email = idx === 0 ? DEMO_ADMIN_EMAIL : idx === 1 ? DEMO_MEMBER_EMAIL : `${ascii(first)}.${ascii(last)}${idx}@${rng.pick(EMAIL_DOMAINS)}`;
    const m = ageFactor * activity;
    const counts: Record<CountKey, number> = {
      blocks: demo ? 40 : rng.count(o.blocksPerUser * m),
      goals: demo ? 4 : rng.count(o.goalsPerUser * m),
      challenges: demo ? 3 : rng.count(o.challengesPerUser * m),
      meditations: demo ? 6 : rng.count(o.meditationSessionsPerUser * m),
      reflections: demo ? 5 : rng.count(o.savedReflectionsPerUser * m),
      interactions: demo ? 12 : rng.count(o.coachInteractionsPerUser * m),
      panels: demo ? 3 : rng.count(o.panelInteractionsPerUser * m),
      apiLogs: demo ? 10 : rng.count(o.apiUsageLogsPerUser * m),
    };
    users.push({
      idx,
      id: userId(idx),
      email,
      username: email.split('@')[0]!.replace(/\d+$/, '').replace('.', '_') + (demo ? '' : String(idx)),
      createdAt,
      activeUntil,
      lastSignInAt,
      confirmed: demo || rng.chance(0.96),
      activity,
      r: [rng.next(), rng.next(), rng.next(), rng.next()],
      counts,
    });
  }
  return users;
}

const COUNT_KEYS: readonly CountKey[] = ['blocks', 'goals', 'challenges', 'meditations', 'reflections', 'interactions', 'panels', 'apiLogs'];

/**
 * Creates auth users (the profile trigger creates their profiles) and the seed_users work table the bulk SQL reads.
 * The demo accounts get their own bcrypt hash; everyone else shares one hash of the same password, computed once.
 */
export async function insertUsers(client: pg.PoolClient, users: readonly SeedUser[]): Promise<void> {
  await client.query(`create temp table seed_users (
    idx integer primary key, id uuid not null, email text not null, username text not null, created_at timestamptz not null,
    active_until timestamptz not null, last_sign_in_at timestamptz, confirmed boolean not null, activity double precision not null,
    r1 double precision, r2 double precision, r3 double precision, r4 double precision,
    ${COUNT_KEYS.map((k) => `n_${k.toLowerCase()} integer not null`).join(', ')}) on commit drop`);
  await insertUnnest(
    client,
    'seed_users',
    [
      { name: 'idx', type: 'integer' },
      { name: 'id', type: 'uuid' },
      { name: 'email', type: 'text' },
      { name: 'username', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'active_until', type: 'timestamptz' },
      { name: 'last_sign_in_at', type: 'timestamptz' },
      { name: 'confirmed', type: 'boolean' },
      { name: 'activity', type: 'float8' },
      { name: 'r1', type: 'float8' },
      { name: 'r2', type: 'float8' },
      { name: 'r3', type: 'float8' },
      { name: 'r4', type: 'float8' },
      ...COUNT_KEYS.map((k) => ({ name: `n_${k.toLowerCase()}`, type: 'integer' })),
    ],
    users.map((u) => [
      u.idx,
      u.id,
      u.email,
      u.username,
      u.createdAt,
      u.activeUntil,
      u.lastSignInAt,
      u.confirmed,
      u.activity,
      ...u.r,
      ...COUNT_KEYS.map((k) => u.counts[k]),
    ]),
  );
  await client.query('analyze seed_users');
  const { rows } = await client.query<{ hash: string }>(`select crypt($1, gen_salt('bf', 6)) as hash`, [DEMO_PASSWORD]);
  const sharedHash = rows[0]!.hash;
  // The caller runs the seed in replica mode, which skips the sign-up trigger: the profiles are written in one
  // statement below, with exactly what the trigger would write (per-row triggers made 100,000 users take 10 s).
  await client.query(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data, created_at, updated_at)
     select id, email, case when idx < 2 then crypt($1, gen_salt('bf', 6)) else $2 end,
            case when confirmed then created_at + interval '4 minutes' end, last_sign_in_at,
            jsonb_build_object('username', username, 'accepted_terms', created_at, 'terms_version', $3::text),
            created_at, created_at
       from seed_users order by idx`,
    [DEMO_PASSWORD, sharedHash, TERMS_VERSION],
  );
  await client.query(
    `insert into public.profiles (id, email, username, accepted_terms, terms_version, created_at, updated_at)
     select id, email, username, created_at, $1, created_at, created_at from seed_users order by idx`,
    [TERMS_VERSION],
  );
  await client.query(`update public.profiles p set full_name = 'Alex Admin' where p.id = $1`, [userId(0)]);
  await client.query(`update public.profiles p set full_name = 'Morgan Member' where p.id = $1`, [userId(1)]);
}
