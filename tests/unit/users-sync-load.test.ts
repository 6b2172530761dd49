// The user list's first sync answers its first rows once every row is written, while its indexes are still being
// built on the writer thread; the sync itself ends only when they are built, and a sync that fails before its rows
// are written fails the first view too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { openCacheDatabase } from '../../main/cache/database.js';
import { createEventBus } from '../../main/core/events.js';
import { createUsersReplica } from '../../main/services/users/replica.js';
import { searchIndexReady } from '../../main/services/users/search-index.js';
import type { UserListQuery } from '../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';

const rows: AdminUserRow[] = Array.from({ length: 250 }, (_, i) => ({
  user_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user_email: `user${i}@x${i % 3}.io`,
  user_created_at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
  last_sign_in_at: null,
  subscription_id: null,
  subscription_status: null,
  plan_name: null,
  plan_description: null,
  block_count: i % 4,
  marketing_attribution: null,
}));

/** admin-get-users as the embedded function pages it (newest first, keyset after), or failing. */
function client(fail = false): SupabaseClient {
  return {
    functions: {
      invoke: async (_name: string, { body }: { body: Record<string, unknown> }) => {
        if (fail) return { data: null, error: { message: 'fetch failed' } };
        const after = body.after as { user_created_at: string } | undefined;
        const rest = after ? rows.filter((r) => r.user_created_at < after.user_created_at) : rows;
        return { data: rest.slice(0, body.pageSize as number), error: null };
      },
    },
  } as unknown as SupabaseClient;
}

const newest: UserListQuery = { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' } };
const indexCount = (db: { prepare: (sql: string) => { pluck: () => { get: () => unknown } } }) =>
  db.prepare("select count(*) from sqlite_master where type = 'index' and tbl_name = 'rep_users' and sql is not null").pluck().get();

async function withCache(run: (cache: ReturnType<typeof openCacheDatabase>) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-users-load-'));
  const cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
  try {
    await run(cache);
  } finally {
    cache.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the user list's first sync", () => {
  it('answers the first rows before its indexes are built, and ends once they are', async () => {
    await withCache(async (cache) => {
      const replica = createUsersReplica(cache.db, client(), createEventBus(), 100);
      // The index build waits until let go, as a long one would.
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const build = replica.store.buildIndexes.bind(replica.store);
      replica.store.buildIndexes = async () => {
        await gate;
        await build();
      };
      await replica.ensureFirstSync();
      expect(replica.sync.syncing).toBe(true);
      expect(indexCount(cache.db)).toBe(0);
      expect(searchIndexReady(cache.db)).toBe(false);
      expect(replica.store.page(newest, 0, 300).rows).toEqual(rows);
      expect(replica.store.page({ ...newest, search: 'user12' }, 0, 300).rows.map((r) => r.user_email)).toEqual(
        rows.filter((r) => r.user_email.includes('user12')).map((r) => r.user_email),
      );
      const ending = replica.sync.sync();
      letGo();
      await ending;
      expect(replica.sync.syncing).toBe(false);
      expect(indexCount(cache.db)).toBe(13);
      expect(searchIndexReady(cache.db)).toBe(true);
      expect(replica.sync.lastResult).toMatchObject({ received: 250, written: 250, deleted: 0 });
      expect(replica.sync.lastResult!.timings.pages).toBe(3);
    });
  });

  it('fails the first view when the sync fails before its rows are written', async () => {
    await withCache(async (cache) => {
      const replica = createUsersReplica(cache.db, client(true), createEventBus(), 100);
      await expect(replica.ensureFirstSync()).rejects.toThrow('Reading the users: fetch failed');
      expect(replica.sync.syncing).toBe(false);
      expect(replica.store.meta('last_synced_at')).toBeNull();
    });
  });
});
