import type { SessionInfo } from '../../shared/rules/auth/types.js';

/** Where a session lands after sign-in: the admin area for admins, the /dashboard fallback for the rest. */
export function landingPathFor(session: SessionInfo | null): string {
  if (!session) return '/auth';
  return session.roles.includes('admin') ? '/admin/dashboard' : '/dashboard';
}
