import { useState } from 'react';
import { useOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { PageHeader } from '../components/PageHeader.js';
import { QueryView } from '../components/QueryView.js';
import { StatCards } from '../components/StatCards.js';
import { formatDateTime } from '../lib/format.js';
import { ADMIN_MESSAGES } from '../../shared/rules/email/admin-users.js';
import { successRate } from '../../shared/rules/email/health.js';
import { HealthPanel } from './HealthPanel.js';
import { AdminUsersCard } from './AdminUsersCard.js';
import { AddAdminDialog } from './AddAdminDialog.js';
import { SendTestDialog } from './SendTestDialog.js';
import { OutboxPanel } from './OutboxPanel.js';
import { useScreenAction } from '../lib/screen-actions.js';

const STATUS_TONE = { sent: 'success', failed: 'danger', pending: 'warning' } as const;

export default function EmailSystemPage() {
  const deliveries = useOp('email', 'deliveries', {});
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
            { id: 'stat-rate', label: 'Success Rate', value: rate === undefined ? undefined : rate === null ? '-' : `${rate.toFixed(1)}%`, tone: 'info' },
          ]}
        />
      </Card>
      <AdminUsersCard />
      <Card title="Recent Deliveries">
        <QueryView
          query={deliveries}
          loadingLabel="Loading deliveries..."
          errorPrefix={`${ADMIN_MESSAGES.statsFailed}: `}
          isEmpty={(x) => x.recent.length === 0}
          emptyTitle="No deliveries yet"
        >
          {(x) => (
            <table className="email-table" data-testid="recent-deliveries">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Recipients</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {x.recent.map((l) => (
                  <tr key={l.id}>
                    <td>{l.notification_type}</td>
                    <td>
                      <Badge tone={STATUS_TONE[l.delivery_status]}>{l.delivery_status}</Badge>
                      {l.error_message ? <div className="muted">{l.error_message}</div> : null}
                    </td>
                    <td>{l.recipient_emails.join(', ')}</td>
                    <td>{formatDateTime(l.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryView>
      </Card>
      <OutboxPanel />
      <SendTestDialog open={dialog === 'test'} onClose={() => setDialog(null)} />
      <AddAdminDialog open={dialog === 'admin'} onClose={() => setDialog(null)} />
    </div>
  );
}
