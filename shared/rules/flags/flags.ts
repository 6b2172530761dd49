/** Per-user feature flags (spec 3 "User feature flags"): the keys, the messages and what "active" means. */
import { formatRelative } from '../common/format.js';

export const FEATURE_KEYS = ['email_engagement', 'email_templates', 'email_campaigns', 'ai_email_personalization', 'email_analytics'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FLAG_MESSAGES = {
  missingTitle: 'Missing information',
  missing: 'Please provide user email and feature key',
  userNotFound: 'User not found',
  grantFailed: 'Error granting feature flag',
  revokeFailed: 'Error revoking feature flag',
  granted: 'Feature flag granted',
  revoked: 'Feature flag revoked',
} as const;

export interface FlagOverride {
  readonly id: string;
  readonly userId: string;
  readonly email: string | null;
  readonly userCreatedAt: string | null;
  readonly featureKey: string;
  readonly enabled: boolean;
  readonly notes: string | null;
  readonly expiresAt: string | null;
  readonly grantedAt: string;
}

export type FlagState = 'active' | 'expired' | 'revoked';

/** An override past its expiry no longer counts, even while still enabled. */
export function isExpired(f: Pick<FlagOverride, 'expiresAt'>, now: Date): boolean {
  return f.expiresAt !== null && new Date(f.expiresAt).getTime() <= now.getTime();
}

export function flagState(f: Pick<FlagOverride, 'enabled' | 'expiresAt'>, now: Date): FlagState {
  if (!f.enabled) return 'revoked';
  return isExpired(f, now) ? 'expired' : 'active';
}

export const isFlagActive = (f: Pick<FlagOverride, 'enabled' | 'expiresAt'>, now: Date): boolean => flagState(f, now) === 'active';

/** The grant dialog's check, before any call: both e-mail and key, or the spec's message. */
export function grantProblem(email: string, featureKey: string): string | null {
  return email.trim() === '' || featureKey.trim() === '' ? FLAG_MESSAGES.missing : null;
}

/** An active override expiring within this many days is flagged on the dashboard (and listed by scope 'expiring'). */
export const FLAG_EXPIRING_DAYS = 7;

/** Active, with an expiry within FLAG_EXPIRING_DAYS of now. */
export function isExpiringSoon(f: Pick<FlagOverride, 'enabled' | 'expiresAt'>, now: Date): boolean {
  return isFlagActive(f, now) && f.expiresAt !== null && new Date(f.expiresAt).getTime() <= now.getTime() + FLAG_EXPIRING_DAYS * 86_400_000;
}

export type FlagScope = 'active' | 'expiring' | 'all';
export const FLAG_SCOPES: readonly FlagScope[] = ['active', 'expiring', 'all'];

/**
 * What the list shows: 'active' is the spec's list (enabled, not expired), 'expiring' the active ones expiring within
 * FLAG_EXPIRING_DAYS, 'all' adds expired and revoked ones;
 * an e-mail search (substring, any case) and one key narrow it. Newest grant first.
 */
export function filterOverrides(list: readonly FlagOverride[], opts: { search: string; key: string; scope: FlagScope }, now: Date): FlagOverride[] {
  const q = opts.search.trim().toLowerCase();
  return list
    .filter((f) => opts.scope === 'all' || (opts.scope === 'expiring' ? isExpiringSoon(f, now) : isFlagActive(f, now)))
    .filter((f) => opts.key === 'all' || f.featureKey === opts.key)
    .filter((f) => q === '' || (f.email ?? '').toLowerCase().includes(q))
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt) || a.id.localeCompare(b.id));
}

/** 'in 3 days', '2 hours ago', 'just now': the app's one relative time, inside a sentence ('Expires in 3 days'). */
export function relativeTime(iso: string, now: Date): string {
  return formatRelative(iso, now, { inSentence: true, withinSeconds: Infinity });
}

/**
 * When a flag was granted, never in the future: the server's clock, or a grant made after this screen last read
 * its own clock, can put granted_at a moment ahead, and "in less than a minute" would read as not yet granted.
 */
export function grantedAgo(iso: string, now: Date): string {
  // A moment before now at the latest: 'just now', never 'in less than a minute'.
  return relativeTime(new Date(Math.min(new Date(iso).getTime(), now.getTime() - 1)).toISOString(), now);
}
