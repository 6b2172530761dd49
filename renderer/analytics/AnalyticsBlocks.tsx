import { Card } from '../components/Card.js';
import type { AnalyticsCards as Cards, MeditationFigures, SubscriptionFigures } from '../../shared/types/analytics.js';
import { formatCount, formatDecimal } from '../format.js';
import { PieChart } from './charts/Charts.js';

export function StatCard({ id, label, value, hint }: { readonly id: string; readonly label: string; readonly value: string; readonly hint?: string }) {
  return (
    <div className="stat-card" data-testid={`analytics-card-${id}`}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {hint ? <div className="stat-hint">{hint}</div> : null}
    </div>
  );
}

export function AnalyticsCards({ cards }: { readonly cards: Cards }) {
  return (
    <div className="stat-grid">
      <StatCard id="totalUsers" label="Total Users" value={formatCount(cards.totalUsers)} hint={`${formatCount(cards.newUsers)} new in this period`} />
      <StatCard id="aiInteractions" label="AI Interactions" value={formatCount(cards.aiInteractions)} hint="Coach sessions, panels and mirror reflections" />
      <StatCard id="contentCreated" label="Content Created" value={formatCount(cards.contentCreated)} hint="Journal entries, goals and challenges" />
      <StatCard id="averageDailyActiveUsers" label="Avg Daily Active Users" value={formatDecimal(cards.averageDailyActiveUsers)} hint="Over the days charted" />
    </div>
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
      <table className="data-table" aria-label="Meditation by brainwave type">
        <thead>
          <tr>
            <th>Brainwave</th>
            <th>Sessions</th>
            <th>Completed</th>
            <th>Planned (min)</th>
            <th>Listened (min)</th>
          </tr>
        </thead>
        <tbody>
          {m.byBrainwave.map((b) => (
            <tr key={b.type}>
              <td className="capitalize">{b.type}</td>
              <td>{formatCount(b.sessions)}</td>
              <td>{formatCount(b.completedSessions)}</td>
              <td>{formatCount(b.minutesPlanned)}</td>
              <td>{formatCount(b.minutesListened)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
