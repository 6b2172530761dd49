/**
 * Cache migration 7: the user list search's trigram index over the lower-cased e-mails: a search of three or more
 * characters looks its rows up here instead of scanning 100,000 e-mails (main/services/users/list-sql.ts).
 * email_lower was lower-cased by JavaScript, as the rule's term is, so the tokenizer must not fold case again
 * (case_sensitive 1): what it matches is exactly "contains". An external-content table (the text is stored once, in rep_users) kept in the same
 * transactions as rep_users by these triggers; an e-mail that did not change is not re-indexed.
 *
 * Frozen: what cache migration 7 created, as it shipped. A user's file may be at any earlier version, so this is
 * never edited; a feature that needs a change adds a migration (a new module here) and reads its names from it.
 * tests/unit/cache-schema.test.ts holds the schema each migration leaves.
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
