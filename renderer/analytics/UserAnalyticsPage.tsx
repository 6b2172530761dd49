import { useId } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';
import { QueryView } from '../components/QueryView.js';
import { RANGE_LABELS, RANGE_OPTIONS, type RangeDays } from '../../shared/rules/analytics/range.js';
import { ANALYTICS_MESSAGES, ENGAGEMENT_STALE_MS } from '../../shared/rules/analytics/messages.js';
import type { DailyPoint, UserAnalytics } from '../../shared/rules/analytics/types.js';
import { useReplica } from './use-replica.js';
import { ReplicaBar } from './ReplicaBar.js';
import { Toggle } from './Toggle.js';
import { AnalyticsCards, MeditationBlock, SubscriptionBlock } from './AnalyticsBlocks.js';
import { BarChart, DailyLineChart, type DailySeries } from '../components/charts/Charts.js';
import { RankedBars } from '../components/charts/RankedBars.js';
import { Select } from '../components/Select.js';

const series = (points: readonly DailyPoint[], fields: readonly [keyof DailyPoint, string][]): DailySeries[] =>
  fields.map(([field, id]) => ({ id, points: points.map((p) => ({ date: p.date, value: Number(p[field]) })) }));

/** The screen's state in the address: ?days=90&admin=1. */
const QUERY = { days: param.oneOfNumbers(RANGE_OPTIONS, 30), admin: param.flag(false) };

/** /admin/analytics (spec 1, "User Analytics"): every figure from main's replica of the backend. */
export default function UserAnalyticsPage() {
  const [{ days, admin: includeAdmin }, setState] = useQueryState(QUERY);
  const rangeLabel = useId();
  const replica = useReplica();
  const query = useOp(
    'analytics',
    'userAnalytics',
    { days, includeAdmin },
    { staleTime: ENGAGEMENT_STALE_MS, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
  );

  return (
    <div className="page analytics-page">
      <PageHeader title="User Analytics" subtitle="Growth, activity, content, AI usage, meditation and subscriptions" />
      <div className="analytics-controls">
        <span className="analytics-range">
          <span id={rangeLabel}>Time range</span>
          <Select
            aria-labelledby={rangeLabel}
            value={String(days)}
            onValueChange={(v) => setState({ days: Number(v) as RangeDays })}
            options={RANGE_OPTIONS.map((d) => ({ value: String(d), label: RANGE_LABELS[d] }))}
          />
        </span>
        <Toggle label="Include admin data" checked={includeAdmin} onChange={(admin) => setState({ admin })} />
        <ReplicaBar status={replica.status} refreshing={replica.refreshing} onRefresh={replica.refresh} />
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading analytics (the first visit downloads the data this screen needs)..."
        errorText={ANALYTICS_MESSAGES.analyticsError}
      >
        {(data) => <AnalyticsBody data={data} />}
      </QueryView>
    </div>
  );
}

function AnalyticsBody({ data }: { readonly data: UserAnalytics }) {
  const s = data.series;
  const t = data.totals;
  return (
    <>
      <AnalyticsCards cards={data.cards} />
      {/* The main time series reads best across the whole width. */}
      <DailyLineChart title="Daily Active Users" testId="chart-daily-active" series={series(s, [['activeUsers', 'Active users']])} />
      <div className="grid-2">
        <DailyLineChart title="User Growth" testId="chart-user-growth" series={series(s, [['totalUsers', 'Total users']])} />
        <DailyLineChart
          title="Content Creation"
          testId="chart-content"
          yTitle="Items created"
          series={series(s, [
            ['journalEntries', 'Journal entries'],
            ['goals', 'Goals'],
            ['challenges', 'Challenges'],
          ])}
        />
        <DailyLineChart
          title="AI Usage"
          testId="chart-ai-usage"
          yTitle="Sessions and messages"
          series={series(s, [
            ['coachSessions', 'Coach sessions'],
            ['panelSessions', 'Panel sessions'],
            ['savedReflections', 'Mirror reflections'],
            ['chatMessages', 'Chat messages'],
          ])}
        />
        <BarChart
          title="Totals"
          testId="chart-totals"
          bars={[
            { label: 'Journal entries', value: t.journalEntries },
            { label: 'Goals', value: t.goals },
            { label: 'Challenges', value: t.challenges },
            { label: 'Meditations', value: t.meditationSessions },
            { label: 'Reflections', value: t.savedReflections },
            { label: 'Coach sessions', value: t.coachSessions },
            { label: 'Panels', value: t.panelSessions },
            { label: 'Chat messages', value: t.chatMessages },
          ]}
        />
        <RankedBars
          title="Coach Popularity"
          testId="chart-coach-popularity"
          description="Top 10 coaches by sessions"
          head={['Coach', 'Sessions']}
          items={data.coachPopularity.map((c) => ({ label: c.name, value: c.sessions }))}
        />
        <RankedBars
          title="Panel Combinations"
          testId="chart-panel-combinations"
          description="Top 10 combinations of coaches consulted together"
          head={['Coaches', 'Panels']}
          items={data.panelCombinations.map((p) => ({ label: p.coachNames.join(' + '), value: p.count }))}
        />
      </div>
      <div className="grid-2">
        <MeditationBlock meditation={data.meditation} />
        <SubscriptionBlock subscriptions={data.subscriptions} />
      </div>
    </>
  );
}
