import { useState } from 'react';
import { useOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { formatDateTime, formatPercent } from '../lib/format.js';
import { ADMIN_MESSAGES } from '../../shared/rules/email/admin-users.js';
import { DELIVERY_STATUSES, HEALTH_WINDOW_HOURS, successRate, type DeliveryStatus } from '../../shared/rules/email/health.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { formatCount } from '../lib/format.js';
import { useQueryFilter } from '../lib/useQueryFilter.js';
import { HealthPanel } from './HealthPanel.js';
import { AdminUsersCard } from './AdminUsersCard.js';
import { AddAdminDialog } from './AddAdminDialog.js';
import { SendTestDialog } from './SendTestDialog.js';
import { OutboxPanel } from './OutboxPanel.js';
import { useScreenAction } from '../lib/screen-actions.js';
import { DataTable } from '../components/DataTable.js';

const STATUS_TONE = { sent: 'success', failed: 'danger', pending: 'warning' } as const;
const WITHIN = `${HEALTH_WINDOW_HOURS}h`;
const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: s }))];
const WITHIN_OPTIONS = [
  { value: 'all', label: 'All time' },
  { value: WITHIN, label: `Last ${HEALTH_WINDOW_HOURS} hours` },
];

export default function EmailSystemPage() {
  // ?status=failed&within=24h (the dashboard's "failed e-mail deliveries in the last 24 hours").
  const [status, setStatus] = useQueryFilter<DeliveryStatus | 'all'>('status', ['all', ...DELIVERY_STATUSES], 'all');
  const [within, setWithin] = useQueryFilter<string>('within', ['all', WITHIN], 'all');
  const filter: { status?: DeliveryStatus; withinHours?: typeof HEALTH_WINDOW_HOURS } = {
    ...(status === 'all' ? {} : { status }),
    ...(within === WITHIN ? { withinHours: HEALTH_WINDOW_HOURS } : {}),
  };
  const filtered = status !== 'all' || within !== 'all';
  const deliveries = useOp('email', 'deliveries', filter);
  const [dialog, setDialog] = useState<'test' | 'admin' | null>(null);
  useScreenAction('send-test-email', () => setDialog('test'));
  const d = deliveries.data?.data;
  const rate = d ? successRate(d.sent, d.failed) : undefined;
  return (
    <div className="page">
      <PageHeader title="Email System" subtitle="Delivery health of admin notification e-mails and the administrators who receive them" />
      <HealthPanel />
      <Card
        title="Email Management"
        actions={
          <>
            <Button onClick={() => setDialog('test')}>Send Test Email</Button>
            <Button variant="primary" onClick={() => setDialog('admin')}>
              Add Admin User
            </Button>
          </>
        }
      >
        <StatCards
          loading={deliveries.isPending}
          items={[
            { id: 'stat-sent', label: 'Emails Sent', value: d?.sent, tone: 'success' },
            { id: 'stat-failed', label: 'Failed Deliveries', value: d?.failed, tone: 'danger' },
            { id: 'stat-rate', label: 'Success Rate', value: rate === undefined ? undefined : rate === null ? '-' : formatPercent(rate), tone: 'info' },
          ]}
        />
      </Card>
      <AdminUsersCard />
      <Card title="Recent Deliveries">
        <ListToolbar
          filters={[
            { label: 'Filter by status', value: status, onChange: (v) => setStatus(v as DeliveryStatus | 'all'), options: STATUS_OPTIONS },
            { label: 'Period', value: within, onChange: setWithin, options: WITHIN_OPTIONS },
          ]}
          summary={
            d && filtered ? (
              <span data-testid="delivery-count">
                Showing {formatCount(d.recent.length)} of {formatCount(d.matching)}
              </span>
            ) : null
          }
        />
        <QueryView
          query={deliveries}
          loadingLabel="Loading deliveries..."
          errorPrefix={`${ADMIN_MESSAGES.statsFailed}: `}
          isEmpty={(x) => x.recent.length === 0}
          emptyTitle={filtered ? 'No deliveries match' : 'No deliveries yet'}
        >
          {(x) => (
            <DataTable
              className="email-table"
              testId="recent-deliveries"
              rows={x.recent}
              rowKey={(l) => l.id}
              columns={[
                { header: 'Type', cell: (l) => l.notification_type },
                {
                  header: 'Status',
                  cell: (l) => (
                    <>
                      <Badge tone={STATUS_TONE[l.delivery_status]}>{l.delivery_status}</Badge>
                      {l.error_message ? <div className="muted">{l.error_message}</div> : null}
                    </>
                  ),
                },
                { header: 'Recipients', cell: (l) => l.recipient_emails.join(', ') },
                { header: 'Sent', cell: (l) => formatDateTime(l.created_at) },
              ]}
            />
          )}
        </QueryView>
      </Card>
      <OutboxPanel />
      <SendTestDialog open={dialog === 'test'} onClose={() => setDialog(null)} />
      <AddAdminDialog open={dialog === 'admin'} onClose={() => setDialog(null)} />
    </div>
  );
}
