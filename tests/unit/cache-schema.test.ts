// The cache file's migrations are frozen (main/cache/schema/): each leaves exactly the schema it shipped with, so
// a file written by any earlier version opens unchanged. The fingerprints are of sqlite_master (every table, index,
// trigger and virtual table with its SQL as written) after each migration; a migration edited after it shipped, or
// reordered, changes one. Changing the cache is a new migration and a new line here, never an edit of one above.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CACHE_MIGRATIONS, migrate } from '../../main/cache/migrations.js';

const SHIPPED = [
  'a18a2177d830bc6cbac40079c9fc1096687cc988149a48f82636e22a1c0ced1d', // 1 kept_reads
  '6dfff68745246c148abe0697792e7d34df42255e10e0ee7fa622766fd13e8725', // 2 the analytics replica
  '9a8a0f59597fdd4aaa208aa0430ebc5b98d34ad72b5c825cc8d997210b711867', // 3 toolkit_progress
  '4da89e56f561803f0a9b6ce63229b67cc8d77673975b405f3996ee77c2ece4d2', // 4 the cache's audit_log (no longer written)
  '329385e6891da7469fae0e5672ff1d2e2fd40a630a472376c90e08f601cee719', // 5 the user list's replica
  'c4d31d2e6e41b8dfaafcb8a10f74672a8210748d7828434f57c77bdde8be1a40', // 6 the command palette
  '49f706de8da7a525c82742ed5d99642fcf4b4c3fa0f0b26090926739418d94f6', // 7 the user list's search index
];

const fingerprint = (db: Database.Database) =>
  createHash('sha256')
    .update(JSON.stringify(db.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all()))
    .digest('hex');

describe('the cache migrations', () => {
  it('leave, one after another, the schema each shipped with', () => {
    expect(CACHE_MIGRATIONS).toHaveLength(SHIPPED.length);
    SHIPPED.forEach((shipped, i) => {
      const db = new Database(':memory:');
      expect(migrate(db, CACHE_MIGRATIONS.slice(0, i + 1))).toBe(i + 1);
      expect(db.pragma('user_version', { simple: true })).toBe(i + 1);
      expect({ migration: i + 1, schema: fingerprint(db) }).toEqual({ migration: i + 1, schema: shipped });
      db.close();
    });
  });

  it('bring a file of any earlier version to the same schema as a new one', () => {
    const fresh = new Database(':memory:');
    migrate(fresh);
    for (let v = 0; v < CACHE_MIGRATIONS.length; v++) {
      const old = new Database(':memory:');
      migrate(old, CACHE_MIGRATIONS.slice(0, v));
      migrate(old);
      expect(fingerprint(old)).toBe(fingerprint(fresh));
      old.close();
    }
    fresh.close();
  });
});
