import { describe, expect, it } from 'vitest';
import { screenName, windowTitle } from '../../renderer/lib/window-title';
import { isRestorableScreen } from '../../renderer/lib/last-screen';
import { landingPathFor } from '../../renderer/lib/landing';

describe('window title', () => {
  it('names the screen as the navigation does, then the connection, then the app', () => {
    expect(windowTitle('/admin/users', 'Production')).toBe('Users — Production — Reflect Admin');
    expect(windowTitle('/admin/feedback/deleted', 'Demo')).toBe('Deleted Feedback — Demo — Reflect Admin');
    expect(windowTitle('/admin/users/0b7c', 'Demo')).toBe('User Detail — Demo — Reflect Admin');
    expect(windowTitle('/admin/coaches/new', 'Demo')).toBe('New Coach — Demo — Reflect Admin');
    expect(windowTitle('/settings', undefined)).toBe('Settings — Reflect Admin');
    expect(windowTitle('/nowhere', 'Demo')).toBe('Demo — Reflect Admin');
    expect(screenName('/auth')).toBe('Sign in');
  });
});

describe('last screen of a profile', () => {
  it('restores admin screens of the route table only, with their query', () => {
    expect(isRestorableScreen('/admin/users?filter=active&q=ann')).toBe(true);
    expect(isRestorableScreen('/admin/users/6f1c0b7c-1111-4000-8000-000000000000')).toBe(true);
    expect(isRestorableScreen('/admin/feedback')).toBe(true);
    // A screen that no longer exists, another area, another origin, or a value that is not ours.
    expect(isRestorableScreen('/admin/old-screen')).toBe(false);
    expect(isRestorableScreen('/admin/users/a/b/c')).toBe(false);
    expect(isRestorableScreen('/settings')).toBe(false);
    expect(isRestorableScreen('//evil.example/admin/users')).toBe(false);
    expect(isRestorableScreen('https://evil.example/admin/users')).toBe(false);
    expect(isRestorableScreen('/admin/users#x')).toBe(false);
    expect(isRestorableScreen(`/admin/users?q=${'x'.repeat(3000)}`)).toBe(false);
  });

  it('lands an admin on it after sign-in, else on the dashboard; others as before', () => {
    const admin = { user: { id: 'a', email: 'a@x.io', username: null }, roles: ['admin'], verified: true } as const;
    const member = { ...admin, roles: [] };
    expect(landingPathFor(admin, '/admin/feedback?type=bug')).toBe('/admin/feedback?type=bug');
    expect(landingPathFor(admin, null)).toBe('/admin/dashboard');
    expect(landingPathFor(member, '/admin/feedback')).toBe('/dashboard');
    expect(landingPathFor(null, '/admin/feedback')).toBe('/auth');
  });
});
