import type pg from 'pg';

export interface SeedOptions {
  /** Number of end users (about 500 by default; up to 100,000 for benchmarks). */
  readonly users?: number;
  /** The moment the demo data is anchored to; "now" by default. */
  readonly now?: Date;
  readonly log?: (line: string) => void;
}

export const DEMO_PASSWORD = 'reflect-demo';
export const DEMO_ADMIN_EMAIL = 'admin@reflect.local';
export const DEMO_MEMBER_EMAIL = 'member@reflect.local';

/** Seeds once per database: a row in reflect_meta.seed_runs marks it done. */
export async function seedIfEmpty(db: pg.Pool, opts: SeedOptions = {}): Promise<boolean> {
  await db.query(`create table if not exists reflect_meta.seed_runs (
    id serial primary key, seeded_at timestamptz not null default now(), users integer not null, anchor timestamptz not null)`);
  const { rowCount } = await db.query('select 1 from reflect_meta.seed_runs');
  if ((rowCount ?? 0) > 0) return false;
  const now = opts.now ?? new Date();
  const client = await db.connect();
  try {
    await client.query('begin');
    for (const email of [DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL]) {
      await client.query(
        `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
         values ($1, crypt($2, gen_salt('bf', 6)), now(), jsonb_build_object('username', split_part($1, '@', 1)))`,
        [email, DEMO_PASSWORD],
      );
    }
    await client.query('insert into reflect_meta.seed_runs (users, anchor) values ($1, $2)', [opts.users ?? 500, now]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
  return true;
}
