/**
 * Bringing one source's rows of one admin up to date, incrementally: the rows are compared with what the index
 * holds and only new, changed and vanished ones are written, in transactions of at most CHUNK rows with a turn
 * of main's event loop between them, so a first build over 100,000 users never holds up other calls for long.
 * The stamp is stored last: a crash mid-way leaves the old stamp, and the next refresh finishes the job.
 */
import type Database from 'better-sqlite3';
import { writeTransaction } from '../../cache/transaction.js';
import type { IndexRow, PaletteSource } from './sources/types.js';

/** Rows per write transaction: the trigram index makes a write of 500 users take up to 160 ms as it grows; 200 keep main's longest hold near 120 ms. */
export const CHUNK = 200;
/** Rows read (or gathered) between two turns of main's event loop. */
const PAGE = 5_000;

type Op = { readonly del?: string; readonly put?: IndexRow };

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function storedStamp(db: Database.Database, userId: string, kind: string): string | undefined {
  return db.prepare<[string, string], { stamp: string }>('select stamp from palette_sources where user_id = ? and kind = ?').get(userId, kind)?.stamp;
}

/** The writes that bring the index to `rows`; pure over the two sets, so it is tested without a database. */
export function diffRows(existing: ReadonlyMap<string, string>, rows: Iterable<IndexRow>): Op[] {
  const seen = new Set<string>();
  return [...changedRows(existing, rows, seen), ...vanishedRows(existing, seen)];
}

/** The puts of new and changed rows among `rows`, noting each id in `seen` (rows seen twice count once). */
function changedRows(existing: ReadonlyMap<string, string>, rows: Iterable<IndexRow>, seen: Set<string>): Op[] {
  const ops: Op[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    if (existing.get(r.id) !== signature(r)) ops.push({ put: r });
  }
  return ops;
}

/** The deletes of indexed rows no longer among the rows seen. */
function vanishedRows(existing: ReadonlyMap<string, string>, seen: ReadonlySet<string>): Op[] {
  const ops: Op[] = [];
  for (const id of existing.keys()) if (!seen.has(id)) ops.push({ del: id });
  return ops;
}

/** What the index holds for one admin and kind, read by keyset in pages with a turn of the loop between them. */
async function indexed(db: Database.Database, userId: string, kind: string): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  const page = db.prepare<[string, string, string, number], IndexRow>(
    'select id, title, subtitle, route, terms from palette_items where user_id = ? and kind = ? and id > ? order by id limit ?',
  );
  for (let after = ''; ;) {
    const rows = page.all(userId, kind, after, PAGE);
    for (const r of rows) existing.set(r.id, signature(r));
    if (rows.length < PAGE || !db.open) return existing;
    after = rows[rows.length - 1]!.id;
    await yieldToLoop();
  }
}

export const signature = (r: Omit<IndexRow, 'id'>) => `${r.title}\u0000${r.subtitle}\u0000${r.route}\u0000${r.terms}`;

/** Refreshes one source when its stamp moved (or always, when forced); returns the number of rows written. */
export async function refreshSource(db: Database.Database, userId: string, source: PaletteSource, force = false): Promise<number> {
  const stamp = source.stamp(db, userId);
  if (!force && storedStamp(db, userId, source.kind) === stamp) return 0;
  const existing = await indexed(db, userId, source.kind);
  // Compared a page at a time with a turn of the loop between pages: 100,000 users must not hold main for
  // seconds. The sources read the cache in whole pages (no SQLite iterator stays open across a turn, when other
  // calls may use the connection).
  const ops: Op[] = [];
  const seen = new Set<string>();
  let page: IndexRow[] = [];
  for (const r of source.rows(db, userId)) {
    page.push(r);
    if (page.length < PAGE) continue;
    ops.push(...changedRows(existing, page, seen));
    page = [];
    await yieldToLoop();
  }
  ops.push(...changedRows(existing, page, seen), ...vanishedRows(existing, seen));
  if (!db.open) return 0;
  const upsert = db.prepare(
    `insert into palette_items (user_id, kind, id, title, subtitle, route, terms) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (user_id, kind, id) do update set title = excluded.title, subtitle = excluded.subtitle, route = excluded.route, terms = excluded.terms`,
  );
  const remove = db.prepare('delete from palette_items where user_id = ? and kind = ? and id = ?');
  for (let at = 0; at < ops.length; at += CHUNK) {
    if (!db.open) return at;
    writeTransaction(db, () => {
      for (const op of ops.slice(at, at + CHUNK)) {
        if (op.put) upsert.run(userId, source.kind, op.put.id, op.put.title, op.put.subtitle, op.put.route, op.put.terms);
        else if (op.del) remove.run(userId, source.kind, op.del);
      }
    });
    if (at + CHUNK < ops.length) await yieldToLoop();
  }
  if (!db.open) return ops.length;
  writeTransaction(db, () => {
    db.prepare('insert into palette_sources (user_id, kind, stamp) values (?, ?, ?) on conflict (user_id, kind) do update set stamp = excluded.stamp').run(
      userId,
      source.kind,
      stamp,
    );
  });
  return ops.length;
}
