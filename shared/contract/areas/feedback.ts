import { z } from 'zod';
import { op } from '../define.js';
import { csvExport } from '../export.js';
import { auditIds, auditRows } from '../facts.js';
import type { FeedbackItem } from '../../rules/feedback/types.js';
import { BOARD_COLUMNS, LIVE_STATUSES, SEARCH_MAX_LENGTH, TAGS_MAX, TAG_MAX_LENGTH, type BoardColumnId } from '../../rules/feedback/model.js';
import { TYPE_FILTERS } from '../../rules/feedback/list.js';
import { id } from '../../rules/common/fields.js';

/**
 * Feedback (spec 2): the board, the detail page and the trash. Nothing here deletes for good but deleteForever,
 * which main re-checks against the trash (SECURITY.md A3). The board keeps its own copy up to date from the rows the
 * writes return, so status, tag and delete writes do not make the 20,000-item board reload.
 */

/** A selection in the trash; main sends it to the backend in chunks. */
const ids = z.array(id).min(1, 'Nothing selected').max(100_000);

export interface FeedbackList {
  readonly items: readonly FeedbackItem[];
}

/** Some of a column, newest first; more: older items follow (read them after the last one). */
export interface FeedbackPage {
  readonly items: readonly FeedbackItem[];
  readonly more: boolean;
}

/** The board for a search and type: exact counts from SQL, and the first page of each column. */
export interface FeedbackBoard {
  /** Live items (all but deleted), whatever the search. */
  readonly total: number;
  /** Live items matching the search and type, per column. */
  readonly counts: Readonly<Record<BoardColumnId, number>>;
  readonly columns: Readonly<Record<BoardColumnId, FeedbackPage>>;
}

const boardQuery = { search: z.string().max(SEARCH_MAX_LENGTH), type: z.enum(TYPE_FILTERS) };
const columnId = z.enum(BOARD_COLUMNS.map((c) => c.id) as [BoardColumnId, ...BoardColumnId[]]);
/** The keyset cursor: the last card of a column (created_at, id). */
const after = z.strictObject({
  createdAt: z
    .string()
    .max(40)
    .refine((t) => !Number.isNaN(Date.parse(t)), 'Not a valid time'),
  id,
});

const itemWrites = ['feedback.get', 'feedback.trash', 'dashboard'] as const;

export const feedback = {
  /** The counts and each column's first page for a search and type (search and filter run in SQL). */
  board: op<FeedbackBoard>()({ input: z.strictObject(boardQuery), kind: 'read', access: 'admin', keepOffline: true }),
  /** The next page of one column, after its last loaded card (keyset), as the column scrolls. */
  boardPage: op<FeedbackPage>()({ input: z.strictObject({ ...boardQuery, column: columnId, after }), kind: 'read', access: 'admin' }),
  /** null: no such item (Feedback Not Found). A deleted item is returned with status deleted. */
  get: op<FeedbackItem | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin', keepOffline: true }),
  /** The trash: status deleted, newest update first. */
  trash: op<FeedbackList>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** Any live status on a live item; an item in the trash is refused (only restore brings it back). */
  setStatus: op<FeedbackItem>()({
    input: z.strictObject({ id, status: z.enum(LIVE_STATUSES) }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('feedback_submissions'),
    access: 'admin',
    invalidates: itemWrites,
  }),
  setTags: op<FeedbackItem>()({
    input: z.strictObject({
      id,
      tags: z
        .array(
          z
            .string()
            .transform((t) => t.trim())
            .refine((t) => t.length > 0, 'A tag cannot be blank')
            .refine((t) => t.length <= TAG_MAX_LENGTH, `A tag is at most ${TAG_MAX_LENGTH} characters`),
        )
        .max(TAGS_MAX, `At most ${TAGS_MAX} tags`)
        .refine((tags) => new Set(tags).size === tags.length, 'Tags must not repeat'),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('feedback_submissions'),
    access: 'admin',
    invalidates: itemWrites,
  }),
  /** Soft delete (status deleted) from the board or the detail page: never a hard delete (A3). */
  softDelete: op<FeedbackItem>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('feedback_submissions'),
    destructive: true,
    access: 'admin',
    invalidates: itemWrites,
  }),
  /** The board's Undo: puts an item that is still in the trash back in the status it had. */
  undoDelete: op<FeedbackItem>()({
    input: z.strictObject({ id, status: z.enum(LIVE_STATUSES) }),
    kind: 'write',
    // Brings an item back: named like a removal, it removes nothing.
    destructive: false,
    effect: 'project',
    audit: auditRows('feedback_submissions'),
    access: 'admin',
    invalidates: itemWrites,
  }),
  /** Restore sets status new on the selected items that are still in the trash. */
  restore: op<{ restored: number }>()({
    input: z.strictObject({ ids }),
    kind: 'write',
    effect: 'project',
    audit: auditIds('feedback_submissions'),
    access: 'admin',
    invalidates: ['feedback', 'dashboard'],
  }),
  /** Deletes for good only the selected rows that are still in the trash; the others are counted as skipped. */
  deleteForever: op<{ deleted: number; skipped: number }>()({
    input: z.strictObject({ ids }),
    kind: 'write',
    destructive: true,
    effect: 'project',
    audit: auditIds('feedback_submissions'),
    access: 'admin',
    invalidates: ['feedback.trash', 'feedback.get'],
  }),
  /** The board's whole filtered set (every page), read again by main and written to the file chosen in the save dialog. */
  exportCsv: csvExport(z.strictObject(boardQuery)),
};
