/**
 * Links to the card payment provider's dashboard (Stripe) for a customer and a subscription. Ids are checked for
 * their shape first, so nothing but a plain id can end up in the URL; the shell still opens only allowlisted
 * https URLs (main/app/external-links.ts, E5).
 */

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,64}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,64}$/;
export const PAYMENT_DASHBOARD = 'https://dashboard.stripe.com';

export function paymentCustomerUrl(id: string | null | undefined): string | null {
  return id && CUSTOMER_ID.test(id) ? `${PAYMENT_DASHBOARD}/customers/${id}` : null;
}

export function paymentSubscriptionUrl(id: string | null | undefined): string | null {
  return id && SUBSCRIPTION_ID.test(id) ? `${PAYMENT_DASHBOARD}/subscriptions/${id}` : null;
}
