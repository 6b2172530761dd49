import { Card } from '../../components/Card.js';
import { Button } from '../../components/Button.js';
import { dayName, formatEngagementScore } from '../../../shared/rules/users/detail.js';
import { DIRECT } from '../../../shared/rules/users/csv.js';
import { sourceName } from '../../../shared/rules/common/brands.js';
import type { DetailAttribution, EngagementMetrics } from '../../../shared/rules/users/types.js';
import { formatCount, formatCounted, formatDateTime } from '../../lib/format.js';
import { Facts } from './Facts.js';

export function EngagementSection({ engagement }: { readonly engagement: EngagementMetrics | null }) {
  return (
    <Card title="Engagement Metrics">
      {engagement ? (
        <Facts
          testId="user-engagement"
          items={[
            ['Engagement score', formatEngagementScore(engagement.engagement_score)],
            ['Growth phase', engagement.growth_phase ?? 'new'],
            ['Preferred interaction', engagement.preferred_interaction_type ?? '—'],
            ['Most active day', dayName(engagement.most_active_day_of_week) ?? '—'],
            ['Current streak', formatCounted(engagement.current_streak_days, 'day')],
            ['Journal entries', formatCount(engagement.total_journal_entries)],
            ['Coach interactions', formatCount(engagement.total_coach_interactions)],
            ['Goals created', formatCount(engagement.total_goals_created)],
            ['Last login', formatDateTime(engagement.last_login_at)],
          ]}
        />
      ) : (
        <p className="muted">No engagement metrics have been calculated for this user yet.</p>
      )}
    </Card>
  );
}

export function AttributionSection({ attribution: a }: { readonly attribution: DetailAttribution | null }) {
  return (
    <Card title="Marketing Attribution">
      {a ? (
        <Facts
          testId="user-attribution"
          items={[
            ['Source', a.utm_source ? sourceName(a.utm_source) : DIRECT],
            ['Medium', a.utm_medium ?? DIRECT],
            ['Campaign', a.utm_campaign ?? DIRECT],
            ['Referrer', a.referrer ?? '—'],
            ['Marketing link', a.marketing_links ? `${a.marketing_links.campaign_name} (${sourceName(a.marketing_links.campaign_type)})` : '—'],
          ]}
        />
      ) : (
        <p data-testid="user-attribution">{DIRECT}: no marketing attribution was recorded at sign-up.</p>
      )}
    </Card>
  );
}

export function DangerZone({ onDelete }: { readonly onDelete: () => void }) {
  return (
    <Card title="Danger Zone" className="users-danger-zone">
      <p>Deleting the account removes the user and every record they own, in every table, for good.</p>
      <Button variant="danger" onClick={onDelete}>
        Delete User Account
      </Button>
    </Card>
  );
}
