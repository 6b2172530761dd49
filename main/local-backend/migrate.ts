import type pg from 'pg';
import { loadMigrations, type Migration } from './migrations/index.js';

/** Applies the migrations not yet recorded in reflect_meta.migrations; returns the names applied now. */
export async function migrate(client: pg.Client, migrations: readonly Migration[] = loadMigrations()): Promise<string[]> {
  await client.query(`create schema if not exists reflect_meta;
    create table if not exists reflect_meta.migrations (name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await client.query<{ name: string }>('select name from reflect_meta.migrations')).rows.map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await client.query('begin');
    try {
      await client.query(m.sql);
      await client.query('insert into reflect_meta.migrations (name) values ($1)', [m.name]);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(m.name);
  }
  return applied;
}
