/** A feedback submission as main hands it to the screens (spec 2 section 3, feedback_submissions). */
export type FeedbackType = 'bug' | 'feature' | 'general';
/** The union of the board's and the detail page's readings (spec/README.md decisions). */
export type FeedbackStatus = 'new' | 'reviewed' | 'in_progress' | 'resolved' | 'closed' | 'deleted';

export interface FeedbackItem {
  readonly id: string;
  readonly type: FeedbackType;
  readonly title: string;
  readonly description: string;
  readonly status: FeedbackStatus;
  readonly tags: readonly string[];
  readonly attachmentUrl: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}
