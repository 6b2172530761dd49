/** Spec 2 sections 2, 4, 8 and 9 for feedback: types, statuses, columns, tag lists, limits and messages. */
import type { FeedbackStatus, FeedbackType } from './types.js';

export const FEEDBACK_TYPES: readonly FeedbackType[] = ['bug', 'feature', 'general'];
export const FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['new', 'reviewed', 'in_progress', 'resolved', 'closed', 'deleted'];
/** Every status but deleted: what a live item may hold. Only the trash's restore brings an item back from deleted. */
export const LIVE_STATUSES = ['new', 'reviewed', 'in_progress', 'resolved', 'closed'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
/** The detail page's selector (spec reading b, without deleted: Delete is its own button). */
export const DETAIL_STATUSES: readonly LiveStatus[] = ['new', 'in_progress', 'resolved', 'closed'];

export const STATUS_LABELS: Readonly<Record<FeedbackStatus, string>> = {
  new: 'New',
  reviewed: 'Reviewed',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
  deleted: 'Deleted',
};

export const TYPE_LABELS: Readonly<Record<FeedbackType, string>> = { bug: 'Bug', feature: 'Feature', general: 'General' };

export type BoardColumnId = 'new' | 'reviewed' | 'in_progress' | 'done';

export interface BoardColumn {
  readonly id: BoardColumnId;
  readonly title: string;
  /** The status a card dropped here receives. */
  readonly dropStatus: LiveStatus;
  readonly statuses: readonly LiveStatus[];
}

/** New, Reviewed, In Progress, and Resolved / Closed so that no live item is invisible (spec/README.md). */
export const BOARD_COLUMNS: readonly BoardColumn[] = [
  { id: 'new', title: 'New', dropStatus: 'new', statuses: ['new'] },
  { id: 'reviewed', title: 'Reviewed', dropStatus: 'reviewed', statuses: ['reviewed'] },
  { id: 'in_progress', title: 'In Progress', dropStatus: 'in_progress', statuses: ['in_progress'] },
  { id: 'done', title: 'Resolved / Closed', dropStatus: 'resolved', statuses: ['resolved', 'closed'] },
];

export function columnOf(status: FeedbackStatus): BoardColumnId | null {
  return BOARD_COLUMNS.find((c) => (c.statuses as readonly string[]).includes(status))?.id ?? null;
}

export const CARD_TITLE_MAX = 50;
export const CARD_DESCRIPTION_MAX = 80;
export const TAGS_SHOWN = 2;
export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX = 50;
export const SEARCH_MAX_LENGTH = 200;
/** Cards per column read at once: the first page, then one more each time a column scrolls near its end. */
export const BOARD_PAGE_SIZE = 40;
/** How long the board's toast offers Undo after a delete. */
export const UNDO_SECONDS = 6;

export const QUICK_TAGS = ['bug', 'feature', 'enhancement', 'wontfix', 'duplicate', 'ui', 'ux'] as const;
export const ALL_TAGS = [
  'bug',
  'bug-fixed',
  'feature',
  'feature-implemented',
  'enhancement',
  'wontfix',
  'duplicate',
  'invalid',
  'ui',
  'ux',
  'performance',
  'security',
  'documentation',
  'mobile',
  'desktop',
] as const;

export const FEEDBACK_MESSAGES = {
  /** Toasts read 'Update failed: Failed to update status. Please try again.' (title, then description). */
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update status. Please try again.',
  tagsFailed: 'Failed to update tags',
  deleteFailedTitle: 'Delete failed',
  deleteFailed: 'Failed to delete feedback. Please try again.',
  restoreFailedTitle: 'Restore failed',
  restoreFailed: 'Failed to restore feedback. Please try again.',
  purgeFailedTitle: 'Delete failed',
  purgeFailed: 'Failed to permanently delete feedback. Please try again.',
  notFound: 'Feedback Not Found',
  backToList: 'Back to Feedback List',
  statusUpdated: 'Status updated',
  tagAdded: 'Tag added',
  tagRemoved: 'Tag removed',
  deleted: 'Feedback deleted',
  tagsUpdated: 'Tags updated',
  exported: 'Export complete',
  restored: 'Feedback restored',
  purged: 'Feedback permanently deleted',
  noDeleted: 'No deleted feedback found',
  loadingDeleted: 'Loading deleted feedback...',
  showingDeleted: (shown: number, total: number) => `Showing ${shown} of ${total} deleted feedback submissions`,
  selected: (n: number) => `${n} selected`,
  restoreN: (n: number) => `Restore (${n})`,
  purgeN: (n: number) => `Permanently Delete (${n})`,
  exportEmpty: 'No feedback to export',
} as const;
