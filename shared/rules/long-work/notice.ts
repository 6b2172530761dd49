import { counted } from '../common/plural.js';
import { formatCountEn, formatDuration } from '../common/format.js';
import type { ExportKind, FinishedWork } from './finished.js';

/** An OS notification: what finished, with its figure, and the screen a click brings the window forward on. */
export interface WorkNotice {
  readonly title: string;
  readonly body: string;
  /** The screen the work was started from (a route of renderer/lib/route-table.ts). */
  readonly route: string;
}

const EXPORTS: Readonly<Record<ExportKind, { one: string; many: string; route: string }>> = {
  users: { one: 'user', many: 'users', route: '/admin/users' },
  feedback: { one: 'feedback item', many: 'feedback items', route: '/admin/feedback' },
  audit: { one: 'audit log entry', many: 'audit log entries', route: '/admin/audit' },
  campaigns: { one: 'campaign', many: 'campaigns', route: '/admin/campaign-analytics' },
};

const n = (count: number, one: string, many: string) => counted(count, one, many, formatCountEn);

/** The words of the notice (English, counts as "100,002"). */
export function workNotice(work: FinishedWork): WorkNotice {
  switch (work.kind) {
    case 'export': {
      const e = EXPORTS[work.what];
      return { title: 'Export complete', body: `Exported ${n(work.count, e.one, e.many)}`, route: e.route };
    }
    case 'first-sync':
      return work.replica === 'users'
        ? { title: 'Users synced', body: `Synced ${n(work.count, 'user', 'users')}`, route: '/admin/users' }
        : { title: 'Analytics synced', body: `Synced ${n(work.count, 'row', 'rows')} for analytics`, route: '/admin/analytics' };
    case 'speech':
      return { title: 'Speech generated', body: `Generated ${formatDuration(work.seconds)} of speech`, route: '/admin/tts-generator' };
    case 'permanent-delete':
      return {
        title: 'Feedback permanently deleted',
        body: `Permanently deleted ${n(work.count, 'feedback item', 'feedback items')}`,
        route: '/admin/feedback/deleted',
      };
  }
}

/**
 * Whether finished work is told with an OS notification: only when the window is in the background (not focused,
 * or minimised); in front, the screen's own toast says it.
 */
export function noticeFor(work: FinishedWork | null, windowFocused: boolean): WorkNotice | null {
  return work && !windowFocused ? workNotice(work) : null;
}
