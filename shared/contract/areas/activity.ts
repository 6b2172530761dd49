import { z } from 'zod';
import { op } from '../define.js';
import { ACTIVITY_KINDS, TIMELINE_PAGE_SIZE, type TimelineCursor, type TimelineKind } from '../../rules/activity/timeline.js';
import { id } from '../../rules/common/fields.js';

export interface TimelineItem {
  readonly id: string;
  readonly kind: TimelineKind;
  /** The row's created_at exactly as the backend wrote it (microseconds kept: the cursor depends on it). */
  readonly at: string;
  readonly title: string;
  readonly detail: string | null;
  /** The user it is about; null for anonymous feedback and requests. */
  readonly userId: string | null;
  readonly userLabel: string | null;
}

export interface TimelinePage {
  readonly items: readonly TimelineItem[];
  /** Where the next page starts; null when this page is the last. */
  readonly next: TimelineCursor | null;
}

const cursor = z.strictObject({
  at: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9T:.+\- Z]+$/, 'Invalid cursor'),
  kind: z.enum(ACTIVITY_KINDS),
  id,
});

export const activity = {
  timeline: op<TimelinePage>()({
    input: z.strictObject({
      kind: z.enum(ACTIVITY_KINDS).nullable(),
      cursor: cursor.nullable(),
      limit: z.number().int().min(1).max(200).default(TIMELINE_PAGE_SIZE),
    }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
};
