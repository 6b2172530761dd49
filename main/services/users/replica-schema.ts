/**
 * The user list's replica in the profile's SQLite cache (cache migration 5): one row per user as admin-get-users
 * last answered it, per connection profile like the analytics replica (every administrator of a project reads the
 * same list; offline it is shown only to an administrator this computer verified, see main/api/router.ts).
 *
 * - row_json is the row exactly as received: the screen's rows and the CSV are read from it, and comparing it
 *   tells a changed user from an unchanged one (a sync rewrites only what changed).
 * - The other columns are what the nine filters, the search and the six sorts need. A sort key of a missing
 *   value is an empty BLOB, which SQLite orders after every number and text: the rule ranks a missing value
 *   after every present one (shared/rules/common/sort-order.ts). Declared blob: no type affinity, a value stays as given.
 * - created_us (microseconds) with user_id gives admin-get-users' own order, newest first: the ties of every sort.
 * - Two indexes per sort: ascending is (key asc, created_us desc, user_id desc); descending walks
 *   (key, created_us, user_id) backwards. Either way the first page is read from the index without sorting.
 */
const SORT_KEYS = ['email_lower', 'status_key', 'plan_key', 'block_count', 'created_ms', 'login_key'] as const;

export const USERS_REPLICA_SCHEMA = `
  create table rep_users (
    user_id             text primary key,
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
    login_key           blob,
    row_json            text not null
  ) without rowid;
  create index rep_users_list on rep_users (created_us, user_id);
  ${SORT_KEYS.map(
    (k) => `create index rep_users_${k}_asc on rep_users (${k}, created_us desc, user_id desc);
            create index rep_users_${k}_desc on rep_users (${k}, created_us, user_id);`,
  ).join('\n')}
  create index rep_users_status on rep_users (subscription_status);
  create index rep_users_plan on rep_users (plan_name);
  -- last_synced_at, last_error: the list's sync bookkeeping.
  create table rep_users_meta (key text primary key, value text not null) without rowid;
`;
