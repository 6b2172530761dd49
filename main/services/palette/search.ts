/**
 * Answering a query from the index: FTS5 MATCH over the trigram index (users and the other kinds asked apart,
 * so 100,000 users cannot crowd out or slow down a coach), the admin's recent items that match, then ranking in JS over at most
 * a few hundred candidates (shared/rules/palette/query.ts). Words under three characters filter by substring;
 * a query of only such words finds no users (from the third character on, it does).
 */
import type Database from 'better-sqlite3';
import { PALETTE_KINDS, PALETTE_RECENT_MAX, PALETTE_RESULT_MAX, type PaletteItem, type PaletteKind } from '../../../shared/rules/palette/kinds.js';
import { buildPaletteQuery, paletteScore } from '../../../shared/rules/palette/query.js';

/** Every kind but users, as SQL literals: `in (...)` uses the primary key's (user_id, kind) prefix, `<> 'user'` would scan the users too. */
const OTHER_KINDS = PALETTE_KINDS.filter((k) => k !== 'user')
  .map((k) => `'${k}'`)
  .join(', ');

/** Candidates read per group before ranking. */
export const CANDIDATES = 100;

interface Row {
  readonly kind: PaletteKind;
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly route: string;
  readonly terms: string;
}

const COLUMNS = 'i.kind as kind, i.id as id, i.title as title, i.subtitle as subtitle, i.route as route, i.terms as terms';

/** The admin's recent items still in the index, newest first. */
export function recentRows(db: Database.Database, userId: string, limit = PALETTE_RECENT_MAX): Row[] {
  return db
    .prepare<[string, number], Row>(
      `select ${COLUMNS} from palette_recent r join palette_items i on i.user_id = r.user_id and i.kind = r.kind and i.id = r.id
       where r.user_id = ? order by r.opened_at desc limit ?`,
    )
    .all(userId, limit);
}

const item = (r: Row, recent: boolean): PaletteItem => ({ kind: r.kind, id: r.id, title: r.title, subtitle: r.subtitle, route: r.route, recent });

export function searchIndex(db: Database.Database, userId: string, text: string): PaletteItem[] {
  const q = buildPaletteQuery(text);
  const recent = recentRows(db, userId);
  if (q.words.length === 0) return recent.map((r) => item(r, true));

  const contains = (r: Row) => q.words.every((w) => r.terms.includes(w));
  const shortFilter = q.short.map(() => ' and instr(i.terms, ?) > 0').join('');
  let candidates: Row[];
  if (q.match) {
    const sql = (table: string) =>
      `select ${COLUMNS} from ${table} f join palette_items i on i.rowid = f.rowid
       where ${table} match ? and i.user_id = ?${shortFilter} limit ${CANDIDATES}`;
    candidates = [
      ...db.prepare<unknown[], Row>(sql('palette_terms')).all(q.match, userId, ...q.short),
      ...db.prepare<unknown[], Row>(sql('palette_user_terms')).all(q.match, userId, ...q.short),
    ];
  } else {
    // Only words under three characters: no trigram to look up. A substring scan of the few thousand other
    // rows; users are left out (scanning 100,000 e-mails for "zz" takes far longer than a keystroke).
    candidates = db
      .prepare<unknown[], Row>(`select ${COLUMNS} from palette_items i where i.user_id = ? and i.kind in (${OTHER_KINDS})${shortFilter} limit ${CANDIDATES}`)
      .all(userId, ...q.short);
  }

  const recentRank = new Map(recent.map((r, i) => [`${r.kind}:${r.id}`, i]));
  const all = new Map<string, Row>();
  for (const r of recent) if (contains(r)) all.set(`${r.kind}:${r.id}`, r);
  for (const r of candidates) if (contains(r)) all.set(`${r.kind}:${r.id}`, r);
  return [...all.entries()]
    .map(([key, r]) => ({ r, key, score: paletteScore(r.terms, r.title, q.words, recentRank.get(key)) }))
    .sort((a, b) => a.score - b.score || a.r.title.localeCompare(b.r.title))
    .slice(0, PALETTE_RESULT_MAX)
    .map(({ r, key }) => item(r, recentRank.has(key)));
}
