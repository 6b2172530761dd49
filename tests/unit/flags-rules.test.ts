import { describe, expect, it } from 'vitest';
import { filterOverrides, flagState, grantProblem, grantedAgo, relativeTime, type FlagOverride } from '../../shared/rules/flags/flags.js';

const now = new Date('2026-11-24T12:00:00Z');
const f = (over: Partial<FlagOverride>): FlagOverride => ({
  id: 'a',
  userId: 'u1',
  email: 'ann@example.com',
  userCreatedAt: null,
  featureKey: 'email_campaigns',
  enabled: true,
  notes: null,
  expiresAt: null,
  grantedAt: '2026-11-20T00:00:00Z',
  ...over,
});

describe('feature flag rules', () => {
  it('an enabled flag past its expiry is expired, a disabled one revoked', () => {
    expect(flagState(f({}), now)).toBe('active');
    expect(flagState(f({ expiresAt: '2026-11-24T12:00:00Z' }), now)).toBe('expired');
    expect(flagState(f({ expiresAt: '2026-11-25T00:00:00Z' }), now)).toBe('active');
    expect(flagState(f({ enabled: false, expiresAt: '2026-01-01T00:00:00Z' }), now)).toBe('revoked');
  });

  it('filters active ones by e-mail and key, newest grant first', () => {
    const list = [
      f({ id: '1', grantedAt: '2026-11-01T00:00:00Z' }),
      f({ id: '2', grantedAt: '2026-11-10T00:00:00Z', email: 'BOB@example.com', userId: 'u2' }),
      f({ id: '3', expiresAt: '2026-11-01T00:00:00Z' }),
      f({ id: '4', enabled: false }),
      f({ id: '5', featureKey: 'email_templates' }),
    ];
    expect(filterOverrides(list, { search: '', key: 'all', scope: 'active' }, now).map((x) => x.id)).toEqual(['5', '2', '1']);
    expect(filterOverrides(list, { search: 'bob', key: 'all', scope: 'active' }, now).map((x) => x.id)).toEqual(['2']);
    expect(filterOverrides(list, { search: '', key: 'email_campaigns', scope: 'all' }, now).map((x) => x.id)).toEqual(['3', '4', '2', '1']);
  });

  it('needs both e-mail and key', () => {
    expect(grantProblem(' ', 'email_campaigns')).toBe('Please provide user email and feature key');
    expect(grantProblem('a@b.c', '')).toBe('Please provide user email and feature key');
    expect(grantProblem('a@b.c', 'email_campaigns')).toBeNull();
  });

  it("writes 'in 3 days' and '2 hours ago' inside its sentence", () => {
    expect(relativeTime('2026-11-27T13:00:00Z', now)).toBe('in 3 days');
    expect(relativeTime('2026-11-24T10:00:00Z', now)).toBe('2 hours ago');
    // The app's one relative style (issue 27): under 45 seconds either way is 'just now'.
    expect(relativeTime('2026-11-24T12:00:20Z', now)).toBe('just now');
    expect(relativeTime('2027-02-24T12:00:00Z', now)).toBe('in 3 months');
  });

  it('never writes a grant time in the future (granted after the screen read its clock, or a server clock ahead)', () => {
    expect(grantedAgo('2026-11-24T12:00:20Z', now)).toBe('just now');
    expect(grantedAgo('2026-11-24T12:05:00Z', now)).toBe('just now');
    expect(grantedAgo('2026-11-24T10:00:00Z', now)).toBe('2 hours ago');
  });
});
