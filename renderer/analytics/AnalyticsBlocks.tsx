import { Card } from '../components/Card.js';
import type { AnalyticsCards as Cards, MeditationFigures, SubscriptionFigures } from '../../shared/rules/analytics/types.js';
import { formatCount } from '../lib/format.js';
import { StatCards, type StatItem } from '../components/StatCards.js';
import { PieChart } from '../components/charts/Charts.js';
import { DataTable } from '../components/DataTable.js';

const card = (id: string, label: string, value: number | string, rest: Partial<StatItem> = {}): StatItem => ({
  id,
  label,
  value,
  testId: `analytics-card-${id}`,
  ...rest,
});

/** The analytics cards' test ids: analytics-card-<id>. */
export { card as analyticsCard };

export function AnalyticsCards({ cards }: { readonly cards: Cards }) {
  return (
    <StatCards
      items={[
        card('totalUsers', 'Total Users', cards.totalUsers, { hint: `${formatCount(cards.newUsers)} new in this period` }),
        card('aiInteractions', 'AI Interactions', cards.aiInteractions, { hint: 'Coach sessions, panels and mirror reflections' }),
        card('contentCreated', 'Content Created', cards.contentCreated, { hint: 'Journal entries, goals and challenges' }),
        card('averageDailyActiveUsers', 'Avg Daily Active Users', cards.averageDailyActiveUsers, { format: 'decimal', hint: 'Over the days charted' }),
      ]}
    />
  );
}

export function MeditationBlock({ meditation: m }: { readonly meditation: MeditationFigures }) {
  return (
    <Card title="Meditation" description="Sessions started in this period">
      <dl className="figure-list" data-testid="meditation-block">
        <div>
          <dt>Sessions</dt>
          <dd data-testid="meditation-sessions">{formatCount(m.sessions)}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd data-testid="meditation-completed">{formatCount(m.completedSessions)}</dd>
        </div>
        <div>
          <dt>Minutes planned</dt>
          <dd data-testid="meditation-planned">{formatCount(m.minutesPlanned)}</dd>
        </div>
        <div>
          <dt>Minutes listened</dt>
          <dd data-testid="meditation-listened">{formatCount(m.minutesListened)}</dd>
        </div>
      </dl>
      <DataTable
        label="Meditation by brainwave type"
        rows={m.byBrainwave}
        rowKey={(b) => b.type}
        columns={[
          { header: 'Brainwave', className: 'capitalize', cell: (b) => b.type },
          { header: 'Sessions', cell: (b) => formatCount(b.sessions) },
          { header: 'Completed', cell: (b) => formatCount(b.completedSessions) },
          { header: 'Planned (min)', cell: (b) => formatCount(b.minutesPlanned) },
          { header: 'Listened (min)', cell: (b) => formatCount(b.minutesListened) },
        ]}
      />
    </Card>
  );
}

export function SubscriptionBlock({ subscriptions: s }: { readonly subscriptions: SubscriptionFigures }) {
  return (
    <div className="subscription-block">
      <Card title="Subscriptions" description="Active subscriptions now">
        <dl className="figure-list" data-testid="subscription-block">
          <div>
            <dt>Active subscriptions</dt>
            <dd data-testid="subscriptions-active">{formatCount(s.active)}</dd>
          </div>
          <div>
            <dt>Conversion rate</dt>
            <dd data-testid="subscriptions-conversion">{s.conversionRate}%</dd>
          </div>
        </dl>
      </Card>
      <PieChart title="Active Subscriptions by Plan" testId="chart-plans" slices={s.byPlan.map((p) => ({ label: p.plan, value: p.count }))} />
    </div>
  );
}
