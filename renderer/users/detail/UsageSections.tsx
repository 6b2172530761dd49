import { Card } from '../../components/Card.js';
import { EmptyState } from '../../components/States.js';
import { RECENT_DAYS } from '../../../shared/rules/users/detail.js';
import type { UserStats } from '../../../shared/rules/users/types.js';
import { formatCount, formatDate } from '../../lib/format.js';
import { Facts } from './Facts.js';
import { DataTable } from '../../components/DataTable.js';

const days = (n: number) => `${formatCount(n)} day${n === 1 ? '' : 's'}`;

export function UsageSection({ stats }: { readonly stats: UserStats }) {
  return (
    <Card title="Usage Statistics" description={`Recent means the last ${RECENT_DAYS} days.`}>
      <div className="users-usage">
        <Facts
          testId="usage-journal"
          items={[
            ['Total blocks', formatCount(stats.totalBlocks)],
            ['Recent blocks', formatCount(stats.recentBlocks)],
            ['First block', formatDate(stats.firstBlockDate)],
            ['Last block', formatDate(stats.lastBlockDate)],
            ['Current streak', days(stats.currentStreak)],
            ['Longest streak', days(stats.longestStreak)],
          ]}
        />
        <Facts
          testId="usage-coach"
          items={[
            ['Coach messages', formatCount(stats.totalCoachMessages)],
            ['Coach sessions', formatCount(stats.totalCoachSessions)],
            ['Recent messages', formatCount(stats.recentCoachMessages)],
            ['Recent sessions', formatCount(stats.recentCoachSessions)],
            ['First coach activity', formatDate(stats.firstCoachDate)],
            ['Last coach activity', formatDate(stats.lastCoachDate)],
          ]}
        />
      </div>
    </Card>
  );
}

export function CoachBreakdownSection({ stats }: { readonly stats: UserStats }) {
  const coaches = Object.entries(stats.coachBreakdown).sort(
    ([, a], [, b]) => b.sessions - a.sessions || b.messages - a.messages || a.name.localeCompare(b.name),
  );
  return (
    <Card title="Coach Usage Breakdown">
      {coaches.length === 0 ? (
        <EmptyState title="No coach sessions yet." />
      ) : (
        <DataTable
          className="users-breakdown"
          testId="coach-breakdown"
          rows={coaches}
          rowKey={([id]) => id}
          columns={[
            { header: 'Coach', rowHeader: true, cell: ([, c]) => c.name },
            { header: 'Sessions', className: 'users-number', cell: ([, c]) => formatCount(c.sessions) },
            { header: 'Messages', className: 'users-number', cell: ([, c]) => formatCount(c.messages) },
            { header: 'First session', cell: ([, c]) => formatDate(c.firstSession, '—') },
            { header: 'Last session', cell: ([, c]) => formatDate(c.lastSession, '—') },
          ]}
        />
      )}
    </Card>
  );
}
