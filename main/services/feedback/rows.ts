import type { FeedbackItem, FeedbackStatus, FeedbackType } from '../../../shared/rules/feedback/types.js';

export const TABLE = 'feedback_submissions';
export const COLUMNS = 'id, type, title, description, status, tags, attachment_url, created_at, updated_at';

export interface FeedbackRow {
  readonly id: string;
  readonly type: FeedbackType;
  readonly title: string;
  readonly description: string | null;
  readonly status: FeedbackStatus;
  readonly tags: string[] | null;
  readonly attachment_url: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const toItem = (r: FeedbackRow): FeedbackItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  description: r.description ?? '',
  status: r.status,
  tags: r.tags ?? [],
  attachmentUrl: r.attachment_url,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
