// main reads the board's first load in one request (admin_feedback_board, migration 0084) and turns its answer into
// the board: counts per column (resolved and closed together), the live total, and each column's first page, with
// `more` from the one row read past the page size.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { readBoard } from '../../main/services/feedback/read.js';
import type { FeedbackRow } from '../../main/services/feedback/rows.js';
import { BOARD_PAGE_SIZE } from '../../shared/rules/feedback/model.js';

const row = (n: number, status: FeedbackRow['status']): FeedbackRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'bug',
  title: `Item ${n}`,
  description: null,
  status,
  tags: null,
  attachment_url: null,
  created_at: '2026-11-20T10:00:00+00:00',
  updated_at: '2026-11-20T10:00:00+00:00',
});
const rows = (count: number, status: FeedbackRow['status']) => Array.from({ length: count }, (_, i) => row(i + 1, status));

function fakeDb(answer: unknown) {
  const calls: { fn: string; args: Record<string, unknown> }[] = [];
  const db = {
    rpc: async (fn: string, args: Record<string, unknown>) => {
      calls.push({ fn, args });
      return { data: answer, error: null };
    },
  } as unknown as SupabaseClient;
  return { db, calls };
}

describe('readBoard', () => {
  it('makes one request, passing the columns, the filters and one row more than a page', async () => {
    const { db, calls } = fakeDb({
      counts: [
        { status: 'new', matching: 50, total: 60 },
        { status: 'resolved', matching: '3', total: '4' },
        { status: 'closed', matching: 2, total: 2 },
        { status: 'reviewed', matching: 0, total: 1 },
      ],
      columns: { new: rows(BOARD_PAGE_SIZE + 1, 'new'), reviewed: [], in_progress: [], done: [row(90, 'resolved'), row(91, 'closed')] },
    });
    const board = await readBoard(db, { search: 'crash', type: 'bug' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      fn: 'admin_feedback_board',
      args: {
        p_columns: [
          { id: 'new', statuses: ['new'] },
          { id: 'reviewed', statuses: ['reviewed'] },
          { id: 'in_progress', statuses: ['in_progress'] },
          { id: 'done', statuses: ['resolved', 'closed'] },
        ],
        p_search: 'crash',
        p_type: 'bug',
        p_limit: BOARD_PAGE_SIZE + 1,
      },
    });
    expect(board.counts).toEqual({ new: 50, reviewed: 0, in_progress: 0, done: 5 });
    expect(board.total).toBe(67);
    expect(board.columns.new.items).toHaveLength(BOARD_PAGE_SIZE);
    expect(board.columns.new.more).toBe(true);
    expect(board.columns.done).toEqual({
      items: [expect.objectContaining({ title: 'Item 90', description: '', tags: [] }), expect.objectContaining({ title: 'Item 91' })],
      more: false,
    });
    expect(board.columns.reviewed).toEqual({ items: [], more: false });
  });

  it("asks for every type as null, and names a failure 'Reading the feedback board'", async () => {
    const { db, calls } = fakeDb({ counts: [], columns: {} });
    const board = await readBoard(db, { search: '', type: 'all' });
    expect(calls[0]?.args.p_type).toBeNull();
    expect(board).toEqual({
      total: 0,
      counts: { new: 0, reviewed: 0, in_progress: 0, done: 0 },
      columns: {
        new: { items: [], more: false },
        reviewed: { items: [], more: false },
        in_progress: { items: [], more: false },
        done: { items: [], more: false },
      },
    });
    const failing = { rpc: async () => ({ data: null, error: { message: 'down' } }) } as unknown as SupabaseClient;
    await expect(readBoard(failing, { search: '', type: 'all' })).rejects.toThrow('Reading the feedback board: down');
  });
});
