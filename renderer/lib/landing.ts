import type { SessionInfo } from '../../shared/rules/auth/types.js';

/**
 * Where a session lands after sign-in: the admin area for admins (the profile's last screen when one is
 * remembered, see last-screen.ts, else the dashboard), the /dashboard fallback for the rest.
 */
export function landingPathFor(session: SessionInfo | null, lastScreen?: string | null): string {
  if (!session) return '/auth';
  if (!session.roles.includes('admin')) return '/dashboard';
  return lastScreen ?? '/admin/dashboard';
}
