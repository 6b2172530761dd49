/**
 * Cache migration 5: the user list's replica in the profile's SQLite cache (main/services/users/): one row per user as admin-get-users
 * last answered it, per connection profile like the analytics replica (every administrator of a project reads the
 * same list; offline it is shown only to an administrator this computer verified, see main/api/router.ts).
 *
 * - rep_users_json holds each row exactly as received (by rep_users.id): the screen's rows and the CSV are read
 *   from it, and comparing it tells a changed user from an unchanged one (a sync rewrites only what changed). It is
 *   a table of its own so that the scans and lookups of searches and filters read narrow rows only.
 * - A rowid table: every index points at an 8-byte id, not at the 36-character user_id.
 * - The other columns are what the nine filters, the search and the six sorts need. A sort key of a missing
 *   value is an empty BLOB, which SQLite orders after every number and text: the rule ranks a missing value
 *   after every present one (shared/rules/common/sort-order.ts). Declared blob: no type affinity, a value stays as given.
 * - created_us (microseconds) with user_id gives admin-get-users' own order, newest first: the ties of every sort.
 * - Two indexes per sort: ascending is (key asc, created_us desc, user_id desc); descending walks
 *   (key, created_us, user_id) backwards. Either way the first page is read from the index without sorting.
 *
 * Frozen: what cache migration 5 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
 */
const SORT_KEYS = ['email_lower', 'status_key', 'plan_key', 'block_count', 'created_ms', 'login_key'] as const;

/**
 * The indexes of rep_users. A first sync (an empty replica) loads without them and builds them once at the end:
 * at 100,000 users that is several times faster than keeping thirteen indexes up to date row by row. "if not
 * exists": building them again after a crash mid-load is the same statement.
 */
export const USERS_INDEXES: readonly string[] = [
  // The list's own order, covering the filters and the search: the default view never reads the table.
  'create index if not exists rep_users_list on rep_users (created_us, user_id, email_lower, subscription_id, subscription_status, plan_name)',
  ...SORT_KEYS.flatMap((k) => [
    `create index if not exists rep_users_${k}_asc on rep_users (${k}, created_us desc, user_id desc)`,
    `create index if not exists rep_users_${k}_desc on rep_users (${k}, created_us, user_id)`,
  ]),
];

export const USERS_INDEX_NAMES = USERS_INDEXES.map((sql) => /index if not exists (\w+)/.exec(sql)![1]!);

export const USERS_REPLICA_SCHEMA = `
  create table rep_users (
    id                  integer primary key,
    user_id             text not null unique,
    email               text not null,
    email_lower         text not null,
    created_us          integer not null,
    created_ms          integer not null,
    subscription_id     text,
    subscription_status text,
    plan_name           text,
    block_count         integer not null,
    status_key          blob,
    plan_key            blob,
    login_key           blob
  );
  ${USERS_INDEXES.join(';\n')};
  create table rep_users_json (id integer primary key, row_json text not null);
  create trigger rep_users_ad after delete on rep_users begin delete from rep_users_json where id = old.id; end;
  -- last_synced_at, last_error: the list's sync bookkeeping.
  create table rep_users_meta (key text primary key, value text not null) without rowid;
`;
