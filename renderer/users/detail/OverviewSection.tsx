import { Card } from '../../components/Card.js';
import { Button } from '../../components/Button.js';
import { notify } from '../../components/Toaster.js';
import { USER_ID_COPIED, USER_ID_COPY_FAILED, shortUserId } from '../../../shared/rules/users/detail.js';
import { paymentCustomerUrl } from '../../../shared/rules/users/payment-links.js';
import type { UserDetailRecord } from '../../../shared/rules/users/types.js';
import { copyText } from '../../lib/clipboard.js';
import { formatDateTime } from '../../lib/format.js';
import { Facts } from './Facts.js';
import { Tooltip } from '../../components/Tooltip.js';

async function copyUserId(id: string): Promise<void> {
  if (await copyText(id)) notify.success(USER_ID_COPIED);
  else notify.error(USER_ID_COPY_FAILED);
}

/** Copy the id; the payment provider's customer page (only with a customer id); Delete Account. */
export function QuickActions({ user, onDelete }: { readonly user: UserDetailRecord; readonly onDelete: () => void }) {
  const customer = paymentCustomerUrl(user.stripe_customer_id);
  return (
    <Card title="Quick Actions">
      <div className="form-actions">
        <Button onClick={() => void copyUserId(user.user_id)}>Copy User ID</Button>
        {customer ? (
          // The shell opens allowlisted https links in the system browser (main/app/navigation.ts).
          <a className="button" href={customer} target="_blank" rel="noreferrer">
            View in Stripe
          </a>
        ) : null}
        <Button variant="danger" onClick={onDelete}>
          Delete Account
        </Button>
      </div>
    </Card>
  );
}

export function OverviewSection({ user }: { readonly user: UserDetailRecord }) {
  return (
    <Card title="User Overview">
      <Facts
        testId="user-overview"
        items={[
          ['Email', user.user_email],
          [
            'User ID',
            <span key="id" className="users-id">
              <Tooltip content={user.user_id}>
                <code data-testid="user-id">{shortUserId(user.user_id)}</code>
              </Tooltip>
              <Button variant="ghost" className="users-inline-button" aria-label="Copy user ID" onClick={() => void copyUserId(user.user_id)}>
                Copy
              </Button>
            </span>,
          ],
          ['Created', formatDateTime(user.user_created_at)],
          ['Last sign-in', formatDateTime(user.last_sign_in_at)],
          ['Email confirmed', formatDateTime(user.email_confirmed_at, 'Not confirmed')],
        ]}
      />
    </Card>
  );
}
