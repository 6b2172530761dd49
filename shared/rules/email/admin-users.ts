/** Admin users and their notification preferences (spec 3 sections 3, 5, 8 and 9). */
import { isEmailAddress } from '../common/email-address.js';

export const ADMIN_ROLES = ['super_admin', 'admin', 'support'] as const;

export const ROLE_TONES = { super_admin: 'danger', admin: 'info', support: 'success' } as const;

export const NOTIFICATION_TYPES = [
  'user_registration',
  'feedback_submission',
  'system_error',
  'coach_request',
  'data_export_complete',
  'professional_coach_inquiry',
  'security_alert',
  'system_maintenance',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** All on but system_maintenance; Reset to Defaults gives the same. */
export function defaultPreferences(): Record<NotificationType, boolean> {
  return Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, t !== 'system_maintenance'])) as Record<NotificationType, boolean>;
}

export const TEST_EMAIL_TYPES = ['basic', 'user_registration', 'system_error'] as const;

export const ADMIN_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  duplicate: 'An admin user with this email already exists',
  createFailed: 'Failed to create admin user',
  loadFailed: 'Failed to load admin users',
  statusFailed: 'Failed to update admin user status',
  prefsLoadFailed: 'Failed to load notification preferences',
  prefsSaveFailed: 'Failed to save notification preferences',
  created: 'Admin user created successfully',
  prefsSaved: 'Notification preferences saved successfully',
  testFailed: 'Failed to send test email',
  authRequired: 'Authentication required',
  statsFailed: 'Failed to load notification statistics',
  unknown: 'Unknown error',
} as const;

export const statusChanged = (active: boolean) => `Admin user ${active ? 'activated' : 'deactivated'} successfully`;

/** The add-admin form's first failing message, or null; the duplicate check is the server's. */
export function adminFormError(email: string, fullName: string): string | null {
  if (!email.trim() || !fullName.trim()) return ADMIN_MESSAGES.required;
  if (!isEmailAddress(email)) return ADMIN_MESSAGES.invalidEmail;
  return null;
}
