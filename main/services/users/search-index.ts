/**
 * The user list's search index (rep_users_search, main/cache/schema/v7-users-search.ts): whether it is complete, building it after a
 * first load, and choosing per term between a lookup and a scan (list-sql.ts SearchMode).
 */
import type Database from 'better-sqlite3';
import { normaliseSearch } from '../../../shared/rules/users/filters.js';
import { ftsPhrase, idRangeSql, indexableTerm, type SearchMode } from './list-sql.js';
import { USERS_SEARCH_REBUILD, USERS_SEARCH_TRIGGER_NAMES, USERS_SEARCH_TRIGGERS } from '../../cache/schema/v7-users-search.js';

/**
 * Above this many candidate rows a scan is cheaper than a lookup: the candidates are read one by one and the page
 * sorts them all, while a scan in the page's order stops after its 200 rows (at 5,000 of 100,000 users, within a
 * few thousand index entries) and its count walks one narrow index. Measured at 100,000 users: a lookup of 5,000
 * candidates for the page and its count takes about 10 ms, a scan's count about 20 ms.
 */
export const LOOKUP_MAX = 5_000;

/**
 * Whether the search index holds every row: its triggers are dropped for a first load (beginBulkLoad) and come
 * back with the index rebuilt (buildSearchIndex); until then a search scans. Asked per query (a lookup in
 * sqlite_master), as the export reads through a connection of its own.
 */
export function searchIndexReady(db: Database.Database): boolean {
  const n = db
    .prepare(`select count(*) from sqlite_master where type = 'trigger' and name in (${USERS_SEARCH_TRIGGER_NAMES.map(() => '?').join(', ')})`)
    .pluck()
    .get(...USERS_SEARCH_TRIGGER_NAMES);
  return n === USERS_SEARCH_TRIGGER_NAMES.length;
}

/**
 * Puts back the triggers and fills the index from rep_users, in the caller's transaction; nothing when it is
 * complete. Asked on `db`, written on `on` (the same connection, or a writer thread's recorder).
 */
export function buildSearchIndex(db: Database.Database, on: Database.Database = db): void {
  if (searchIndexReady(db)) return;
  for (const sql of USERS_SEARCH_TRIGGERS) on.exec(sql);
  on.exec(USERS_SEARCH_REBUILD);
}

/** How to find a search's rows: a lookup when the index can answer the term and gives few enough candidates. */
export function searchModeOf(db: Database.Database, search: string): SearchMode {
  const term = normaliseSearch(search);
  if (!indexableTerm(term) || !searchIndexReady(db)) return 'scan';
  const range = idRangeSql(term);
  // Counted no further than the limit: a common term ("gmail") must not cost a full count just to choose.
  const candidates = db
    .prepare(
      `select count(*) from (select rowid from rep_users_search where rep_users_search match ? union all select id from rep_users where ${range.sql} limit ?)`,
    )
    .pluck()
    .get(ftsPhrase(term), ...range.params, LOOKUP_MAX + 1) as number;
  return candidates <= LOOKUP_MAX ? 'lookup' : 'scan';
}
