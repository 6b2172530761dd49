// The user detail's display rules (spec 1 "User detail", sections 8 and 9), the payment-provider links, the
// deletion rules (section 5), the CSV record (section 9) and the streaks the embedded get-user-detail counts.
import { describe, expect, it } from 'vitest';
import {
  DAY_NAMES,
  USER_ID_COPIED,
  USER_NOT_FOUND_TEXT,
  dayName,
  formatEngagementScore,
  isUuid,
  shortPaymentId,
  shortUserId,
  subscriptionBadge,
} from '../../shared/rules/users/detail.js';
import { paymentCustomerUrl, paymentSubscriptionUrl } from '../../shared/rules/users/payment-links.js';
import { DELETION_MESSAGES, NO_ACKNOWLEDGEMENTS, canConfirm, confirmStepProblems, deletionReasonProblem } from '../../shared/rules/users/deletion.js';
import { USER_CSV_COLUMNS, USER_EXPORT_MESSAGES, localDateTime, userCsvRecord, userExportFileName } from '../../shared/rules/users/csv.js';
import { isAllowedExternalUrl } from '../../main/app/external-links.js';
import { streaks } from '../../main/local-backend/functions/users/streaks.js';
import type { AdminUserRow } from '../../shared/rules/users/types.js';

describe('detail display rules', () => {
  it('keeps the exact texts', () => {
    expect(USER_NOT_FOUND_TEXT).toBe('The requested user could not be found.');
    expect(USER_ID_COPIED).toBe('User ID copied to clipboard');
    expect(USER_EXPORT_MESSAGES.empty).toBe('No users to export');
    expect(USER_EXPORT_MESSAGES.exported(1234)).toBe('Exported 1234 users to CSV');
  });

  it('shows the user id by its first 8 characters and payment ids by their first 18', () => {
    expect(shortUserId('0f1e2d3c-4b5a-4000-8000-000000000000')).toBe('0f1e2d3c');
    expect(shortPaymentId('cus_ABCDEFGHIJKLMNOPQRSTU')).toBe('cus_ABCDEFGHIJKLMN');
    expect(shortPaymentId('cus_short')).toBe('cus_short');
  });

  it('shows the engagement score to one decimal out of 100', () => {
    expect(formatEngagementScore(72.46)).toBe('72.5 / 100');
    expect(formatEngagementScore(100)).toBe('100.0 / 100');
    expect(formatEngagementScore(null)).toBe('0.0 / 100');
  });

  it('names days Sunday (0) to Saturday (6)', () => {
    expect(DAY_NAMES).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect([0, 3, 6, 7, -1, null, 2.5].map(dayName)).toEqual(['Sunday', 'Wednesday', 'Saturday', null, null, null, null]);
  });

  it('gives the five known statuses their badges and anything else a neutral one', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', null].map(subscriptionBadge)).toEqual([
      { label: 'Active', tone: 'success' },
      { label: 'Trialing', tone: 'info' },
      { label: 'Past Due', tone: 'warning' },
      { label: 'Canceled', tone: 'accent' },
      { label: 'Unpaid', tone: 'danger' },
      { label: 'incomplete', tone: 'neutral' },
      { label: 'None', tone: 'neutral' },
    ]);
    expect(subscriptionBadge('constructor')).toEqual({ label: 'constructor', tone: 'neutral' });
  });

  it('recognises user ids', () => {
    expect(isUuid('0f1e2d3c-4b5a-4000-8000-000000000000')).toBe(true);
    expect(isUuid('../../etc')).toBe(false);
  });
});

describe('payment provider links', () => {
  it('builds the customer and subscription pages on the allowlisted dashboard', () => {
    const customer = paymentCustomerUrl('cus_Abc123');
    const subscription = paymentSubscriptionUrl('sub_Xyz789');
    expect(customer).toBe('https://dashboard.stripe.com/customers/cus_Abc123');
    expect(subscription).toBe('https://dashboard.stripe.com/subscriptions/sub_Xyz789');
    expect(isAllowedExternalUrl(customer)).toBe(true);
    expect(isAllowedExternalUrl(subscription)).toBe(true);
  });

  it.each([null, undefined, '', 'cus_', 'sub_abc', 'cus_abc/../../x', 'cus_a?b=c', 'cus_a#x', 'javascript:alert(1)', 'cus_a b'])(
    'refuses the customer id %j',
    (id) => {
      expect(paymentCustomerUrl(id)).toBeNull();
    },
  );

  it('refuses a subscription id that is not one', () => {
    expect(paymentSubscriptionUrl('cus_abc')).toBeNull();
    expect(paymentSubscriptionUrl('sub_abc/x')).toBeNull();
  });
});

describe('deletion rules', () => {
  it('needs a reason of at least 10 characters after trimming', () => {
    expect(deletionReasonProblem('   123456789   ')).toBe(DELETION_MESSAGES.reasonTooShort);
    expect(deletionReasonProblem('  1234567890 ')).toBeNull();
  });

  it('needs the exact e-mail and all three acknowledgements', () => {
    const all = { permanent: true, responsibility: true, noRecovery: true };
    expect(canConfirm(confirmStepProblems('A good reason', 'a@b.io', 'a@b.io', all))).toBe(true);
    expect(confirmStepProblems('A good reason', 'A@b.io', 'a@b.io', all).email).toBe(DELETION_MESSAGES.emailMismatch);
    expect(confirmStepProblems('A good reason', ' a@b.io', 'a@b.io', all).email).toBe(DELETION_MESSAGES.emailMismatch);
    expect(confirmStepProblems('A good reason', 'a@b.io', 'a@b.io', { ...all, noRecovery: false }).acknowledgements).toBe(
      DELETION_MESSAGES.acknowledgementsMissing,
    );
    // An account without an e-mail is confirmed by its id; an empty field never confirms (issue 9).
    const id = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    expect(confirmStepProblems('A good reason', '', '', all, id).email).toBe(DELETION_MESSAGES.idMismatch);
    expect(confirmStepProblems('A good reason', '', '', all).email).toBe(DELETION_MESSAGES.idMismatch);
    expect(canConfirm(confirmStepProblems('A good reason', id, '', all, id))).toBe(true);
    expect(confirmStepProblems('short', '', 'a@b.io', NO_ACKNOWLEDGEMENTS)).toEqual({
      reason: DELETION_MESSAGES.reasonTooShort,
      email: DELETION_MESSAGES.emailMismatch,
      acknowledgements: DELETION_MESSAGES.acknowledgementsMissing,
    });
  });
});

describe('CSV record of a user', () => {
  const base: AdminUserRow = {
    user_id: '0f1e2d3c-4b5a-4000-8000-000000000000',
    user_email: 'a@b.io',
    user_created_at: '2026-03-04T05:06:07.000Z',
    last_sign_in_at: null,
    subscription_id: null,
    subscription_status: null,
    plan_name: null,
    plan_description: null,
    block_count: 7,
    marketing_attribution: null,
  };

  it('has the eleven columns, Direct for missing attribution and N/A for other missing values', () => {
    expect(USER_CSV_COLUMNS).toHaveLength(11);
    const [date, time] = localDateTime(base.user_created_at);
    expect(userCsvRecord(base)).toEqual(['a@b.io', 'N/A', 'N/A', '7', 'Direct', 'Direct', 'Direct', date, time, 'N/A', 'N/A']);
    expect(time).toMatch(/^\d\d:\d\d:07$/);
  });

  it('uses the link campaign name before the utm campaign, and neutralises formulas', () => {
    const row: AdminUserRow = {
      ...base,
      subscription_status: 'active',
      plan_name: 'Premium Monthly',
      last_sign_in_at: '2026-03-05T00:00:00.000Z',
      marketing_attribution: {
        utm_source: '@SUM(1)',
        utm_campaign: 'utm_c',
        utm_medium: null,
        marketing_links: { campaign_name: '=cmd', campaign_type: 'email' },
      },
    };
    const record = userCsvRecord(row);
    expect(record.slice(1, 7)).toEqual(['active', 'Premium Monthly', '7', "'@SUM(1)", "'=cmd", 'Direct']);
    expect(userCsvRecord({ ...row, marketing_attribution: { ...row.marketing_attribution!, marketing_links: null } })[5]).toBe('utm_c');
    expect(record[9]).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('names the file with the date', () => {
    expect(userExportFileName(new Date(2026, 10, 22, 9))).toBe('users-2026-11-22.csv');
  });
});

describe('journaling streaks', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('counts the current run ending today or yesterday, and the longest run', () => {
    expect(streaks(['2026-05-10', '2026-05-09', '2026-05-08', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'], now)).toEqual({
      current: 3,
      longest: 4,
    });
    expect(streaks(['2026-05-09', '2026-05-08'], now)).toEqual({ current: 2, longest: 2 });
    expect(streaks(['2026-05-07', '2026-05-06'], now)).toEqual({ current: 0, longest: 2 });
    expect(streaks([], now)).toEqual({ current: 0, longest: 0 });
    expect(streaks(['2026-05-10', '2026-05-10'], now)).toEqual({ current: 1, longest: 1 });
  });
});
