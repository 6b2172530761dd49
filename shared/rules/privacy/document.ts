/** Privacy intentions (spec 3): the document's fallback chain, its messages and the built-in default text. */

export const PRIVACY_DOCUMENT_TYPE = 'privacy_intentions';
/** The admin_settings key read when no version exists. */
export const PRIVACY_SETTING_KEY = 'privacy_intentions';

export const PRIVACY_MESSAGES = {
  loadFailed: 'Failed to load privacy content',
  saveFailed: 'Failed to save privacy content',
  activateFailed: 'Failed to activate version',
  summaryRequired: 'Please provide a summary of changes',
  created: 'New version created and activated successfully',
  activated: 'Version activated successfully',
  noVersions: 'No Versions Found',
  notice: 'This document is shown to users in a modal on the sign-in page.',
} as const;

/** Shown when there is neither a version nor the admin setting: the 30-day, 90-day and 48-hour commitments. */
export const DEFAULT_PRIVACY_TEXT = `# Our Privacy Intentions

Your journal is yours. We built this space to be private, and we intend to keep it that way.

## What we promise

- We never sell your personal data, and we never use your entries for advertising.
- When you delete your account, we delete your data within 30 days.
- Backups that still contain your data are purged within 90 days.
- We respond to privacy inquiries within 48 hours.

## Your choices

You can export or delete your data at any time from your account settings.`;

export type PrivacySource = 'version' | 'setting' | 'default';

export interface PrivacyCurrent {
  readonly content: string;
  readonly source: PrivacySource;
  /** The active version's number when source is 'version'. */
  readonly version: number | null;
  /** When the shown text last changed (activation or the setting's update); null for the default text. */
  readonly updatedAt: string | null;
}

export interface PrivacyVersion {
  readonly id: string;
  readonly version: number;
  readonly content: string;
  readonly isActive: boolean;
  readonly changeSummary: string | null;
  readonly changeReason: string | null;
  readonly createdAt: string;
  readonly activatedAt: string | null;
  readonly deactivatedAt: string | null;
  readonly viewCount: number;
  readonly legalReviewStatus: string;
  readonly legalReviewNotes: string | null;
  readonly legalReviewDate: string | null;
}

interface ActiveVersion {
  readonly content: string;
  readonly version: number;
  readonly activated_at: string | null;
  readonly created_at: string;
}

/** The fallback chain: the active version, else the admin setting (if it has text), else the default text. */
export function resolvePrivacy(active: ActiveVersion | null, setting: { value: string | null; updated_at: string } | null): PrivacyCurrent {
  if (active) return { content: active.content, source: 'version', version: active.version, updatedAt: active.activated_at ?? active.created_at };
  if (setting?.value && setting.value.trim() !== '') return { content: setting.value, source: 'setting', version: null, updatedAt: setting.updated_at };
  return { content: DEFAULT_PRIVACY_TEXT, source: 'default', version: null, updatedAt: null };
}

/** approved, rejected and pending have their own badge; any other value reads 'In Review'. */
export function legalReviewBadge(status: string): { tone: 'success' | 'danger' | 'warning' | 'info'; label: string } {
  if (status === 'approved') return { tone: 'success', label: 'Legal: Approved' };
  if (status === 'rejected') return { tone: 'danger', label: 'Legal: Rejected' };
  if (status === 'pending') return { tone: 'warning', label: 'Legal: Pending' };
  return { tone: 'info', label: 'Legal: In Review' };
}

/** The window name of the privacy editor's Preview: the desktop shell opens its own window for it (main/app/preview-window.ts). */
export const PREVIEW_WINDOW_NAME = 'privacy-preview';
