import { useOp } from '../api/hooks.js';
import { CenteredMessage } from '../components/CenteredMessage.js';
import { BackLink, PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { Tabs } from '../components/Tabs.js';
import { ENGAGEMENT_MESSAGES, QUEUE_REFRESH_MS } from '../../shared/rules/email/engagement.js';
import { TemplatesTab } from './TemplatesTab.js';
import { TriggersTab } from './TriggersTab.js';
import { CampaignsTab } from './CampaignsTab.js';
import { QueueTab } from './QueueTab.js';
import { SettingsTab } from './SettingsTab.js';
import { OutboxPanel } from './OutboxPanel.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

const TABS = [
  { id: 'templates', label: 'Email Templates' },
  { id: 'triggers', label: 'Email Triggers' },
  { id: 'campaigns', label: 'Campaigns' },
  { id: 'queue', label: 'Email Queue' },
  { id: 'settings', label: 'Email Settings' },
] as const;
/** The tab in the address: ?tab=queue. */
const QUERY = {
  tab: param.oneOf(
    TABS.map((t) => t.id),
    'templates',
  ),
};

function Engagement() {
  // Stats are stale after 1 s with 1 retry; the queue refreshes itself every 30 s.
  const stats = useOp('email', 'engagementStats', {}, { staleTime: 1_000, retry: 1, refetchInterval: QUEUE_REFRESH_MS });
  const [{ tab }, setState] = useQueryState(QUERY);
  const setTab = (t: string) => setState({ tab: t as (typeof TABS)[number]['id'] });
  const s = stats.data?.data;
  return (
    <div className="page">
      <PageHeader title="Email Engagement" subtitle="Templates, triggers, campaigns, the sending queue and settings" back={{ to: '/admin/dashboard' }} />
      {s?.fallback ? (
        <div className="notice" role="alert">
          <strong>{ENGAGEMENT_MESSAGES.loading}</strong> {ENGAGEMENT_MESSAGES.loadingDetail}
        </div>
      ) : null}
      <StatCards
        loading={stats.isPending}
        items={[
          { id: 'stat-templates', label: 'Templates', value: s?.templates.length },
          { id: 'stat-pending', label: 'Pending', value: s?.stats.pending, tone: 'warning' },
          { id: 'stat-sent', label: 'Sent', value: s?.stats.sent, tone: 'success' },
          { id: 'stat-failed', label: 'Failed', value: s?.stats.failed, tone: 'danger' },
        ]}
      />
      <Tabs label="Email engagement" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'settings' ? (
          <SettingsTab />
        ) : (
          <QueryView query={stats} loadingLabel="Loading the engagement system...">
            {(d) =>
              tab === 'templates' ? (
                <TemplatesTab templates={d.templates} />
              ) : tab === 'triggers' ? (
                <TriggersTab triggers={d.triggers} templates={d.templates} />
              ) : tab === 'campaigns' ? (
                <CampaignsTab templates={d.templates} />
              ) : (
                <QueueTab items={d.recentItems} />
              )
            }
          </QueryView>
        )}
      </Tabs>
      <OutboxPanel />
    </div>
  );
}

/** Gated by the signed-in admin's email_engagement flag (enabled and not expired). */
export default function EmailEngagementPage() {
  const access = useOp('email', 'engagementAccess', {});
  return (
    <QueryView query={access} loadingLabel="Checking access...">
      {(a) =>
        a.enabled ? (
          <Engagement />
        ) : (
          <CenteredMessage>
            <h1>{ENGAGEMENT_MESSAGES.disabled}</h1>
            <BackLink to="/admin/dashboard" label="Back to Dashboard" />
          </CenteredMessage>
        )
      }
    </QueryView>
  );
}
