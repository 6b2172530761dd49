import { Card } from '../../components/Card.js';
import { Badge } from '../../components/Badge.js';
import { shortPaymentId, subscriptionBadge } from '../../../shared/rules/users/detail.js';
import { paymentCustomerUrl, paymentSubscriptionUrl } from '../../../shared/rules/users/payment-links.js';
import type { UserDetailRecord } from '../../../shared/rules/users/types.js';
import { formatDate } from '../../lib/format.js';
import { Facts } from './Facts.js';
import { Tooltip } from '../../components/Tooltip.js';

/** A payment id by its first 18 characters, linked to the provider's page when the id has the right shape. */
function PaymentId({ id, url, label }: { readonly id: string | null; readonly url: string | null; readonly label: string }) {
  if (!id) return <span className="muted">None</span>;
  const text = (
    <Tooltip content={id}>
      <code>{shortPaymentId(id)}</code>
    </Tooltip>
  );
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" aria-label={`${label} ${id} in Stripe`}>
      {text}
    </a>
  ) : (
    text
  );
}

export function SubscriptionSection({ user }: { readonly user: UserDetailRecord }) {
  const badge = subscriptionBadge(user.subscription_status);
  if (!user.subscription_status && !user.plan_name) {
    return (
      <Card title="Subscription & Billing">
        <p className="muted">No subscription.</p>
      </Card>
    );
  }
  return (
    <Card title="Subscription & Billing">
      <Facts
        testId="user-subscription"
        items={[
          [
            'Status',
            <Badge key="s" tone={badge.tone}>
              {badge.label}
            </Badge>,
          ],
          ['Plan', user.plan_name ?? 'None'],
          ['Plan description', user.plan_description ?? '—'],
          ['Current period', `${formatDate(user.current_period_start, '—')} – ${formatDate(user.current_period_end, '—')}`],
          ['Trial ends', formatDate(user.trial_end, '—')],
          ['Cancels at period end', user.cancel_at_period_end ? 'Yes' : 'No'],
          ['Cancellation reason', user.cancellation_reason ?? '—'],
          ['Customer ID', <PaymentId key="c" id={user.stripe_customer_id} url={paymentCustomerUrl(user.stripe_customer_id)} label="Customer" />],
          [
            'Subscription ID',
            <PaymentId key="u" id={user.stripe_subscription_id} url={paymentSubscriptionUrl(user.stripe_subscription_id)} label="Subscription" />,
          ],
        ]}
      />
    </Card>
  );
}
