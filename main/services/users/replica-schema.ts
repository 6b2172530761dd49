/**
 * The user list's replica in the profile's SQLite cache (cache migration 5): one row per user as admin-get-users
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

/**
 * The search's trigram index over the lower-cased e-mails (cache migration 7): a search of three or more characters
 * looks its rows up here instead of scanning 100,000 e-mails (list-sql.ts). email_lower was lower-cased by
 * JavaScript, as the rule's term is, so the tokenizer must not fold case again (case_sensitive 1): what it matches
 * is exactly "contains". An external-content table (the text is stored once, in rep_users) kept in the same
 * transactions as rep_users by these triggers; an e-mail that did not change is not re-indexed.
 */
export const USERS_SEARCH_TRIGGERS: readonly string[] = [
  `create trigger if not exists rep_users_search_ai after insert on rep_users begin
     insert into rep_users_search (rowid, email_lower) values (new.id, new.email_lower); end`,
  `create trigger if not exists rep_users_search_ad after delete on rep_users begin
     insert into rep_users_search (rep_users_search, rowid, email_lower) values ('delete', old.id, old.email_lower); end`,
  `create trigger if not exists rep_users_search_au after update of email_lower on rep_users when old.email_lower is not new.email_lower begin
     insert into rep_users_search (rep_users_search, rowid, email_lower) values ('delete', old.id, old.email_lower);
     insert into rep_users_search (rowid, email_lower) values (new.id, new.email_lower); end`,
];

export const USERS_SEARCH_TRIGGER_NAMES = USERS_SEARCH_TRIGGERS.map((sql) => /trigger if not exists (\w+)/.exec(sql)![1]!);

/** Fills the index from what rep_users holds (a replica synced before migration 7, or after a bulk load). */
export const USERS_SEARCH_REBUILD = "insert into rep_users_search (rep_users_search) values ('rebuild')";

export const USERS_SEARCH_SCHEMA = `
  create virtual table rep_users_search using fts5(email_lower, content = 'rep_users', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');
  ${USERS_SEARCH_TRIGGERS.join(';\n')};
  ${USERS_SEARCH_REBUILD};
`;

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
