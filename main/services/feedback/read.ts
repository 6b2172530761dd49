import type { SupabaseClient } from '@supabase/supabase-js';
import type { FeedbackItem } from '../../../shared/rules/feedback/types.js';
import type { FeedbackBoard, FeedbackPage } from '../../../shared/contract/areas/feedback.js';
import { BOARD_COLUMNS, BOARD_PAGE_SIZE, LIVE_STATUSES, columnOf, type BoardColumnId } from '../../../shared/rules/feedback/model.js';
import type { TypeFilter } from '../../../shared/rules/feedback/list.js';
import { AppError } from '../../ground/errors.js';
import { PAGE_SIZE, must, readCounted } from '../support/query.js';
import { COLUMNS, TABLE, toItem, type FeedbackRow } from './rows.js';

/** The board's search and type filter; both run in SQL (migrations 0078 and 0084). */
export interface BoardQuery {
  readonly search: string;
  readonly type: TypeFilter;
}

export interface Cursor {
  readonly createdAt: string;
  readonly id: string;
}

/** One keyset page (newest first, after the cursor) of live items in the statuses, via admin_feedback_page. */
async function pageOf(db: SupabaseClient, statuses: readonly string[], q: BoardQuery, after: Cursor | null, limit: number): Promise<FeedbackRow[]> {
  const answer = await db.rpc('admin_feedback_page', {
    p_statuses: statuses,
    p_search: q.search,
    p_type: q.type === 'all' ? null : q.type,
    p_after_created: after?.createdAt ?? null,
    p_after_id: after?.id ?? null,
    p_limit: limit,
  });
  return (must(answer, 'Reading feedback') as FeedbackRow[] | null) ?? [];
}

const statusesOf = (column: BoardColumnId) => BOARD_COLUMNS.find((c) => c.id === column)?.statuses ?? [];

/** The next page of one column: one row more than shown tells whether older items follow. */
export async function readBoardPage(db: SupabaseClient, q: BoardQuery, column: BoardColumnId, after: Cursor | null): Promise<FeedbackPage> {
  const rows = await pageOf(db, statusesOf(column), q, after, BOARD_PAGE_SIZE + 1);
  return { items: rows.slice(0, BOARD_PAGE_SIZE).map(toItem), more: rows.length > BOARD_PAGE_SIZE };
}

interface CountRow {
  readonly status: string;
  readonly matching: number | string;
  readonly total: number | string;
}

/** What admin_feedback_board answers (migration 0084): the per-status counts and each column's first rows. */
interface BoardAnswer {
  readonly counts: readonly CountRow[];
  readonly columns: Readonly<Record<string, readonly FeedbackRow[]>>;
}

const BOARD_SPEC = BOARD_COLUMNS.map((c) => ({ id: c.id, statuses: c.statuses }));

/**
 * The exact counts per column and the first page of every column, in one request (admin_feedback_board runs
 * admin_feedback_counts and admin_feedback_page per column in SQL): one round trip instead of five.
 */
export async function readBoard(db: SupabaseClient, q: BoardQuery): Promise<FeedbackBoard> {
  const answer = await db.rpc('admin_feedback_board', {
    p_columns: BOARD_SPEC,
    p_search: q.search,
    p_type: q.type === 'all' ? null : q.type,
    p_limit: BOARD_PAGE_SIZE + 1,
  });
  const board = must(answer, 'Reading the feedback board') as BoardAnswer | null;
  const counts: Record<BoardColumnId, number> = { new: 0, reviewed: 0, in_progress: 0, done: 0 };
  let total = 0;
  for (const r of board?.counts ?? []) {
    const column = columnOf(r.status as FeedbackItem['status']);
    if (column) counts[column] += Number(r.matching);
    total += Number(r.total);
  }
  // One row more than shown tells whether older items follow, as readBoardPage.
  const firstPage = (rows: readonly FeedbackRow[]): FeedbackPage => ({
    items: rows.slice(0, BOARD_PAGE_SIZE).map(toItem),
    more: rows.length > BOARD_PAGE_SIZE,
  });
  const columns = Object.fromEntries(BOARD_COLUMNS.map((c) => [c.id, firstPage(board?.columns[c.id] ?? [])])) as Record<BoardColumnId, FeedbackPage>;
  return { total, counts, columns };
}

/** Every live item of one status matching the search and type: keyset pages of PAGE_SIZE until an empty page. */
async function readStatus(db: SupabaseClient, status: string, q: BoardQuery): Promise<FeedbackRow[]> {
  const out: FeedbackRow[] = [];
  let after: Cursor | null = null;
  for (;;) {
    const rows = await pageOf(db, [status], q, after, PAGE_SIZE);
    if (rows.length === 0) return out;
    out.push(...rows);
    const last = rows[rows.length - 1] as FeedbackRow;
    if (after && last.id === after.id && last.created_at === after.createdAt)
      throw new AppError('BACKEND_ERROR', 'Reading feedback: the pages did not advance');
    after = { createdAt: last.created_at, id: last.id };
  }
}

const newestFirst = (a: FeedbackRow, b: FeedbackRow) => {
  const ta = Date.parse(a.created_at);
  const tb = Date.parse(b.created_at);
  if (ta !== tb) return tb - ta;
  // Same millisecond: the microseconds are in the text (same zone), then the id, as the SQL order.
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * Every live item matching the search and type, newest first (export): each status read to its end by keyset, the
 * statuses side by side, so the whole set is read whatever the server's row cap, in a fifth of the round trips' time.
 */
export async function readFiltered(db: SupabaseClient, q: BoardQuery): Promise<FeedbackItem[]> {
  const parts = await Promise.all(LIVE_STATUSES.map((s) => readStatus(db, s, q)));
  return parts.flat().sort(newestFirst).map(toItem);
}

/** The trash: status deleted, the most recently deleted (last updated) first. */
export async function readTrash(db: SupabaseClient): Promise<FeedbackItem[]> {
  const rows = await readCounted<FeedbackRow>(
    { count: 'Counting deleted feedback', read: 'Reading deleted feedback' },
    db.from(TABLE).select('id', { count: 'exact', head: true }).eq('status', 'deleted'),
    (from, to) => db.from(TABLE).select(COLUMNS).eq('status', 'deleted').order('updated_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toItem);
}

export async function readFeedback(db: SupabaseClient, id: string): Promise<FeedbackItem | null> {
  const rows = must(await db.from(TABLE).select(COLUMNS).eq('id', id).limit(1), 'Reading feedback') as FeedbackRow[] | null;
  return rows?.[0] ? toItem(rows[0]) : null;
}
