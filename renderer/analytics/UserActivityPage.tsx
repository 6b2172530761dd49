import { useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { sliderMonths } from '../../shared/rules/analytics/range.js';
import { ANALYTICS_MESSAGES, ENGAGEMENT_STALE_MS } from '../../shared/rules/analytics/messages.js';
import type { UserActivity } from '../../shared/rules/analytics/types.js';
import { useReplica } from './use-replica.js';
import { ReplicaBar } from './ReplicaBar.js';
import { Toggle } from './Toggle.js';
import { MonthRangeSlider } from './MonthRangeSlider.js';
import { analyticsCard } from './AnalyticsBlocks.js';
import { StatCards } from '../components/StatCards.js';
import { BarChart, PieChart } from '../components/charts/Charts.js';
import { WebAnalyticsSection } from './WebAnalyticsSection.js';
import { formatDecimal } from '../lib/format.js';
import { plural } from '../../shared/rules/common/plural.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

const PHASE_LABELS: Readonly<Record<string, string>> = {
  new: 'New',
  exploring: 'Exploring',
  building: 'Building',
  established: 'Established',
  advanced: 'Advanced',
};

/** /admin/user-activity (spec 1, "User Activity Intelligence"). */
export default function UserActivityPage() {
  // The slider's months are fixed when the screen opens (June 2024 to the current month).
  const [months] = useState(() => sliderMonths(Date.now()));
  // In the address (?from=2024-09&to=2025-03&muted=0); a slider's drag rewrites the step rather than adding one per month.
  const spec = useMemo(
    () => ({
      from: { ...param.oneOf(months, months[0]!), history: 'replace' as const },
      to: { ...param.oneOf(months, months[months.length - 1]!), history: 'replace' as const },
      muted: param.flag(true),
    }),
    [months],
  );
  const [state, setState] = useQueryState(spec);
  // A hand-made address with the ends swapped shows the months between them.
  const range = state.from <= state.to ? { start: state.from, end: state.to } : { start: state.to, end: state.from };
  const adminMuted = state.muted;
  const replica = useReplica();
  const query = useOp(
    'analytics',
    'userActivity',
    { startMonth: range.start, endMonth: range.end, adminMuted },
    { staleTime: ENGAGEMENT_STALE_MS, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
  );

  return (
    <div className="page analytics-page">
      <PageHeader title="User Activity Intelligence" subtitle="Engagement, growth phases and recency of your users" />
      <div className="analytics-controls">
        <MonthRangeSlider months={months} start={range.start} end={range.end} onChange={(start, end) => setState({ from: start, to: end })} />
        <Toggle label="Mute admin activity" checked={adminMuted} onChange={(muted) => setState({ muted })} />
        <ReplicaBar status={replica.status} refreshing={replica.refreshing} onRefresh={replica.refresh} />
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading user activity..."
        errorText={ANALYTICS_MESSAGES.activityError}
        isEmpty={(d) => d.summary.totalUsers === 0}
        emptyTitle={ANALYTICS_MESSAGES.activityEmpty}
      >
        {(data) => <ActivityBody data={data} />}
      </QueryView>
      <WebAnalyticsSection />
    </div>
  );
}

function ActivityBody({ data }: { readonly data: UserActivity }) {
  const s = data.summary;
  return (
    <>
      <StatCards
        className="stat-grid-six"
        items={[
          analyticsCard('totalUsers', 'Users Tracked', s.totalUsers),
          analyticsCard('activeUsers', 'Active (7 days)', s.activeUsers),
          analyticsCard('averageEngagementScore', 'Avg Engagement Score', `${formatDecimal(s.averageEngagementScore)} / 100`),
          analyticsCard('averageStreakDays', 'Avg Current Streak', `${formatDecimal(s.averageStreakDays)} ${plural(s.averageStreakDays, 'day')}`),
          analyticsCard('totalJournalEntries', 'Journal Entries', s.totalJournalEntries),
          analyticsCard('totalCoachInteractions', 'Coach Interactions', s.totalCoachInteractions),
        ]}
      />
      <div className="grid-2">
        <PieChart
          title="Growth Phases"
          testId="chart-growth-phases"
          slices={data.growthPhases.map((p) => ({ label: PHASE_LABELS[p.phase] ?? p.phase, value: p.users }))}
        />
        <BarChart
          title="Engagement Score Distribution"
          testId="chart-engagement"
          bars={data.engagementHistogram.map((b) => ({ label: b.bucket, value: b.users }))}
        />
        <BarChart
          title="Activity Recency"
          testId="chart-recency"
          description="Time since each user's latest journal, coach, goal or challenge activity"
          bars={data.recency.map((r) => ({ label: r.bucket === 'inactive' ? 'Inactive' : r.bucket, value: r.users }))}
        />
        <BarChart
          title="Coach Popularity"
          testId="chart-activity-coaches"
          description="Interactions per coach, from the users' coach interaction summaries"
          horizontal
          bars={data.coachPopularity.map((c) => ({ label: c.name, value: c.interactions }))}
        />
      </div>
    </>
  );
}
