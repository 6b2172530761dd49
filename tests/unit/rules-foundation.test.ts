import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD_MESSAGES, defaultDemoPassword, demoPasswordProblem, generateDemoPassword } from '../../shared/rules/dashboard/demo-password.js';
import { groupCoachRequests, topRequestedCoaches } from '../../shared/rules/coaches/requests.js';
import { isAllowedProjectUrl, normaliseProjectUrl } from '../../shared/rules/profiles/project-url.js';
import { formatRelative as relativeTime } from '../../shared/rules/common/format.js';
import { landingPathFor } from '../../renderer/lib/landing.js';

describe('demo password rules (spec 1 sections 5, 8, 9)', () => {
  it('refuses blank and short passwords with the exact messages, after trimming', () => {
    expect(demoPasswordProblem('')).toBe('Please enter a new password');
    expect(demoPasswordProblem('    ')).toBe('Please enter a new password');
    expect(demoPasswordProblem('  abcde  ')).toBe('Password must be at least 6 characters long');
    expect(demoPasswordProblem(' abcdef ')).toBeNull();
    expect(DEMO_PASSWORD_MESSAGES).toMatchObject({
      loadFailed: 'Error: Failed to load current demo password',
      saveFailed: 'Failed to save new demo password',
      saved: 'Demo password updated successfully',
    });
  });

  it('generates the product name followed by 4 random letters or digits', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateDemoPassword('Reflect', (buf) => globalThis.crypto.getRandomValues(buf));
      expect(p).toMatch(/^Reflect[A-Za-z0-9]{4}$/);
      seen.add(p);
    }
    expect(seen.size).toBeGreaterThan(190);
    expect(generateDemoPassword('Acme', (buf) => buf.fill(0))).toBe('AcmeAAAA');
  });

  it('skips bytes that would bias the alphabet', () => {
    let call = 0;
    // 255 is above the largest multiple of 62 below 256, so it must be skipped.
    const p = generateDemoPassword('X', (buf) => (call++ === 0 ? buf.fill(255) : buf.fill(1)));
    expect(p).toBe('XBBBB');
  });

  it('has a default of at least 6 characters for any product name', () => {
    expect(defaultDemoPassword('Reflect')).toBe('ReflectDemo');
    expect(demoPasswordProblem(defaultDemoPassword('A'))).toBeNull();
  });
});

describe('coach request grouping', () => {
  const rows = [
    { coach_name: 'Brené Brown', created_at: '2026-01-03T00:00:00Z', message: 'Please add her' },
    { coach_name: 'brené brown', created_at: '2026-01-05T00:00:00Z', message: 'Please add her' },
    { coach_name: 'BRENÉ BROWN ', created_at: '2026-01-04T00:00:00Z', message: 'Vulnerability!' },
    { coach_name: 'Seneca', created_at: '2026-01-06T00:00:00Z', message: null },
    { coach_name: '  ', created_at: '2026-01-06T00:00:00Z', message: 'blank name' },
  ];
  it('groups ignoring case, counts, keeps the latest date and name, and distinct messages', () => {
    expect(groupCoachRequests(rows)).toEqual([
      { name: 'brené brown', count: 3, latestAt: '2026-01-05T00:00:00Z', messages: ['Please add her', 'Vulnerability!'] },
      { name: 'Seneca', count: 1, latestAt: '2026-01-06T00:00:00Z', messages: [] },
    ]);
  });
  it('takes the top N by count', () => {
    expect(topRequestedCoaches(rows, 1)).toEqual([{ name: 'brené brown', count: 3 }]);
  });
});

describe('project URL rule', () => {
  it.each([
    ['https://abcd.supabase.co', true],
    ['https://abcd.supabase.co/', true],
    ['http://127.0.0.1:54321', true],
    ['http://localhost:54321', true],
    ['http://abcd.supabase.co', false],
    ['https://user:pw@abcd.supabase.co', false],
    ['https://abcd.supabase.co/rest/v1', false],
    ['https://abcd.supabase.co/?x=1', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s -> %s', (url, ok) => {
    expect(isAllowedProjectUrl(url)).toBe(ok);
  });
  it('normalises to the origin', () => {
    expect(normaliseProjectUrl(' https://ABCD.supabase.co/ ')).toBe('https://abcd.supabase.co');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it.each([
    [now - 10_000, 'Just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 60_000, '1 minute ago'],
    [now - 3 * 3600_000, '3 hours ago'],
    [now + 2 * 3600_000, 'In 2 hours'],
    [now - 2 * 86400_000, '2 days ago'],
    [now - 40 * 86400_000, '2026-10-13'],
  ])('%s', (at, text) => {
    expect(relativeTime(at, now)).toBe(text);
  });
});

describe('landing after sign-in', () => {
  const user = { id: 'u', email: 'a@b.c', username: null };
  it('sends admins to the admin dashboard, users without a role to /dashboard, nobody to /auth', () => {
    expect(landingPathFor({ user, roles: ['admin'], verified: true })).toBe('/admin/dashboard');
    expect(landingPathFor({ user, roles: [], verified: true })).toBe('/dashboard');
    expect(landingPathFor({ user, roles: ['moderator'], verified: true })).toBe('/dashboard');
    expect(landingPathFor(null)).toBe('/auth');
  });
});
