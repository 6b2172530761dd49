import { describe, expect, it } from 'vitest';
import { changeText, periodChange } from '../../shared/rules/dashboard/period-change.js';
import { waitingItems, type WaitingCounts } from '../../shared/rules/dashboard/waiting.js';
import { STUCK_IMPORT_MINUTES, isStuckImport, needsAttention } from '../../shared/rules/imports/stuck.js';
import { FLAG_EXPIRING_DAYS, filterOverrides, isExpiringSoon, type FlagOverride } from '../../shared/rules/flags/flags.js';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const DAY = 86_400_000;
const MIN = 60_000;

describe('period change', () => {
  const longAgo = ago(100 * DAY);
  it('is the change of this period against the previous one, in percent', () => {
    expect(periodChange({ current: 112, previous: 100, earliest: longAgo }, now)).toBeCloseTo(12);
    expect(periodChange({ current: 50, previous: 100, earliest: longAgo }, now)).toBeCloseTo(-50);
    expect(periodChange({ current: 0, previous: 4, earliest: longAgo }, now)).toBeCloseTo(-100);
  });
  it('says nothing without a previous period to compare with', () => {
    expect(periodChange({ current: 5, previous: 0, earliest: longAgo }, now)).toBeNull();
    expect(periodChange({ current: 0, previous: 0, earliest: null }, now)).toBeNull();
    // Data that starts inside the previous period: that period is only partly recorded.
    expect(periodChange({ current: 30, previous: 3, earliest: ago(10 * DAY) }, now)).toBeNull();
    expect(periodChange({ current: 30, previous: 3, earliest: ago(14 * DAY + MIN) }, now)).toBeCloseTo(900);
  });
  it('reads as a signed whole percent, a small change with one decimal, equal as no change', () => {
    const f = (n: number) => String(n);
    expect(changeText(12.4, f)).toBe('+12% vs previous 7 days');
    expect(changeText(-5.6, f)).toBe('-6% vs previous 7 days');
    expect(changeText(0.44, f)).toBe('+0.4% vs previous 7 days');
    expect(changeText(-0.01, f)).toBe('-0.1% vs previous 7 days');
    expect(changeText(0, f)).toBe('No change vs previous 7 days');
    expect(changeText(1500, (n) => n.toLocaleString('en-US'))).toBe('+1,500% vs previous 7 days');
    expect(changeText(10, f, 1)).toBe('+10% vs previous 1 day');
  });
});

describe('stuck imports', () => {
  const job = (status: 'pending' | 'processing' | 'failed' | 'completed' | 'cancelled', startedAt: string | null, createdAt: string) => ({
    status,
    startedAt,
    createdAt,
  });
  it(`is pending or processing ${STUCK_IMPORT_MINUTES} minutes after it started, or was created when never started`, () => {
    expect(isStuckImport(job('processing', ago((STUCK_IMPORT_MINUTES + 1) * MIN), ago(DAY)), now)).toBe(true);
    expect(isStuckImport(job('processing', ago((STUCK_IMPORT_MINUTES - 1) * MIN), ago(DAY)), now)).toBe(false);
    expect(isStuckImport(job('pending', null, ago((STUCK_IMPORT_MINUTES + 1) * MIN)), now)).toBe(true);
    expect(isStuckImport(job('pending', null, ago(MIN)), now)).toBe(false);
    expect(isStuckImport(job('completed', ago(DAY), ago(DAY)), now)).toBe(false);
    expect(isStuckImport(job('cancelled', null, ago(DAY)), now)).toBe(false);
  });
  it('needs attention when failed (whenever) or stuck', () => {
    expect(needsAttention(job('failed', ago(300 * DAY), ago(300 * DAY)), now)).toBe(true);
    expect(needsAttention(job('processing', ago(2 * STUCK_IMPORT_MINUTES * MIN), ago(DAY)), now)).toBe(true);
    expect(needsAttention(job('processing', ago(MIN), ago(MIN)), now)).toBe(false);
    expect(needsAttention(job('completed', ago(DAY), ago(DAY)), now)).toBe(false);
  });
});

describe('flags expiring soon', () => {
  const flag = (over: Partial<FlagOverride>): FlagOverride => ({
    id: 'f',
    userId: 'u',
    email: 'a@x.io',
    userCreatedAt: null,
    featureKey: 'email_analytics',
    enabled: true,
    notes: null,
    expiresAt: null,
    grantedAt: ago(DAY),
    ...over,
  });
  const inDays = (d: number) => new Date(now.getTime() + d * DAY).toISOString();
  it(`is active and expires within ${FLAG_EXPIRING_DAYS} days`, () => {
    expect(isExpiringSoon(flag({ expiresAt: inDays(FLAG_EXPIRING_DAYS - 0.1) }), now)).toBe(true);
    expect(isExpiringSoon(flag({ expiresAt: inDays(FLAG_EXPIRING_DAYS + 0.1) }), now)).toBe(false);
    expect(isExpiringSoon(flag({ expiresAt: inDays(-0.1) }), now)).toBe(false);
    expect(isExpiringSoon(flag({ expiresAt: null }), now)).toBe(false);
    expect(isExpiringSoon(flag({ enabled: false, expiresAt: inDays(1) }), now)).toBe(false);
  });
  it("the list's 'expiring' scope shows exactly those", () => {
    const list = [flag({ id: 'a', expiresAt: inDays(2) }), flag({ id: 'b', expiresAt: inDays(30) }), flag({ id: 'c', expiresAt: null })];
    expect(filterOverrides(list, { search: '', key: 'all', scope: 'expiring' }, now).map((f) => f.id)).toEqual(['a']);
    expect(filterOverrides(list, { search: '', key: 'all', scope: 'active' }, now)).toHaveLength(3);
  });
});

describe('what is waiting', () => {
  const none: WaitingCounts = {
    failedDeliveries: 0,
    newFeedback: 0,
    newCoachInquiries: 0,
    pendingTemplates: 0,
    failedImports: 0,
    stuckImports: 0,
    expiringFlags: 0,
  };
  it('is nothing when every count is zero', () => {
    expect(waitingItems(none)).toEqual([]);
  });
  it('names each item with its plural right and links to its screen filtered', () => {
    const one = waitingItems({
      failedDeliveries: 1,
      newFeedback: 1,
      newCoachInquiries: 1,
      pendingTemplates: 1,
      failedImports: 1,
      stuckImports: 0,
      expiringFlags: 1,
    });
    expect(one.map((i) => [i.text, i.to])).toEqual([
      ['1 failed e-mail delivery in the last 24 hours', '/admin/email-management?status=failed&within=24h'],
      ['1 new feedback submission', '/admin/feedback?status=new'],
      ['1 new coach inquiry', '/admin/coach-inquiries?status=new'],
      ['1 e-mail template waiting for approval', '/admin/email-engagement?tab=templates&approval=pending'],
      ['1 failed or stuck import', '/admin/imports?status=attention'],
      ['1 feature flag expiring within 7 days', '/admin/feature-flags?scope=expiring'],
    ]);
    const many = waitingItems(
      { failedDeliveries: 2, newFeedback: 1200, newCoachInquiries: 3, pendingTemplates: 4, failedImports: 2, stuckImports: 1, expiringFlags: 5 },
      (n) => n.toLocaleString('en-US'),
    );
    expect(many.map((i) => i.text)).toEqual([
      '2 failed e-mail deliveries in the last 24 hours',
      '1,200 new feedback submissions',
      '3 new coach inquiries',
      '4 e-mail templates waiting for approval',
      '3 failed or stuck imports',
      '5 feature flags expiring within 7 days',
    ]);
    expect(many.find((i) => i.key === 'imports')?.detail).toBe('2 failed, 1 stuck');
    expect(many.find((i) => i.key === 'newCoachInquiries')?.label).toBe('new coach inquiries');
  });
  it('leaves out what has nothing waiting', () => {
    expect(waitingItems({ ...none, stuckImports: 1 }).map((i) => [i.key, i.count, i.detail])).toEqual([['imports', 1, null]]);
  });
});
