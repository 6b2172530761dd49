import type { DashboardOverview, DashboardStats, DatedStat } from '../../shared/contract/areas/dashboard.js';
import { DASHBOARD_PERIOD_DAYS, changeText, periodChange } from '../../shared/rules/dashboard/period-change.js';
import { StatCards as Row } from '../components/StatCards.js';
import { formatCount } from '../lib/format.js';

const CARDS: readonly { key: keyof DashboardStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'activeCoaches', label: 'Active Coaches' },
  { key: 'coachRequests', label: 'Coach Requests' },
  { key: 'feedbackSubmissions', label: 'Feedback Submissions' },
  { key: 'totalInteractions', label: 'Total Interactions' },
  { key: 'activePrompts', label: 'Active Prompts' },
];

const isDated = (key: keyof DashboardStats, periods: DashboardOverview['periods']): key is DatedStat => key in periods;

/** "48 new in the last 7 days", and the change against the 7 days before where that period has data. */
function Trend({ overview, stat }: { readonly overview: DashboardOverview; readonly stat: DatedStat }) {
  const p = overview.periods[stat];
  const change = periodChange(p, new Date(overview.countedAt));
  return (
    <span data-testid={`trend-${stat}`}>
      {formatCount(p.current)} new in the last {DASHBOARD_PERIOD_DAYS} days
      {change === null ? null : (
        <>
          {' '}
          <span className="stat-change">{changeText(change, formatCount)}</span>
        </>
      )}
    </span>
  );
}

/** The dashboard's six headline counts (test ids stat-<key>). */
export function StatCards({ overview, loading }: { readonly overview: DashboardOverview | undefined; readonly loading: boolean }) {
  // A kept answer from before the periods existed has none: the cards then show their figures alone.
  const periods = overview?.periods;
  return (
    <Row
      className="stat-grid-six"
      loading={loading}
      items={CARDS.map((c) => ({
        id: c.key,
        label: c.label,
        value: overview?.stats[c.key],
        testId: `stat-${c.key}`,
        hint: overview && periods && isDated(c.key, periods) ? <Trend overview={overview} stat={c.key} /> : undefined,
      }))}
    />
  );
}
