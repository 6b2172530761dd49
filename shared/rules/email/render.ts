import Mustache from 'mustache';
import { formatDateEn } from '../common/format.js';

/**
 * Renders a `{{variable}}` template with Mustache. In HTML every value is escaped (a value can never add markup or
 * script); in text and subjects values go in as they are, since those are never parsed as HTML.
 */
export function renderTemplate(template: string | null | undefined, values: Readonly<Record<string, unknown>>, kind: 'html' | 'text'): string {
  if (!template) return '';
  const escape = kind === 'html' ? Mustache.escape : (v: unknown) => String(v);
  try {
    return Mustache.render(template, values, undefined, { escape });
  } catch {
    // An unbalanced section tag: show the template as written rather than nothing.
    return template;
  }
}

/** True when the template parses (balanced sections); the preview says 'Unable to preview this template.' otherwise. */
export function templateParses(template: string | null | undefined): boolean {
  if (!template) return true;
  try {
    Mustache.parse(template);
    return true;
  } catch {
    return false;
  } finally {
    Mustache.clearCache();
  }
}

/** The per-user template variables (spec 3 section 3), besides the settings' company and mailbox values. */
export const USER_VARIABLES = [
  'user_email',
  'signup_date',
  'current_date',
  'last_activity',
  'streak_days',
  'goal_name',
  'milestone_name',
  'total_blocks',
  'favorite_coach',
  'subscription_plan',
  'unsubscribe_link',
  'preferences_link',
] as const;

export const SETTINGS_VARIABLES = ['company_name', 'company_address', 'support_email', 'from_name', 'from_email', 'reply_to_email'] as const;

/** Every variable the edit panel offers to copy, as `{{name}}`. */
export const TEMPLATE_VARIABLES: readonly string[] = [...USER_VARIABLES, ...SETTINGS_VARIABLES];

/** The text preview is cut to this many characters (spec 3 section 9). */
export const PREVIEW_TEXT_LIMIT = 200;

/** Sample values for the preview (spec 3 section 9: streak 7, last activity 3 days ago, score 85, phase Building). */
export function previewSampleData(now: Date, settings: Readonly<Record<string, string>>): Record<string, string> {
  return {
    user_email: 'alex@example.com',
    signup_date: formatDateEn(new Date(now.getTime() - 30 * 86_400_000)),
    current_date: formatDateEn(now),
    last_activity: '3 days ago',
    streak_days: '7',
    goal_name: 'Daily journaling',
    milestone_name: '30-day streak',
    total_blocks: '42',
    favorite_coach: 'Reflect Coach',
    coach_name: 'Reflect Coach',
    subscription_plan: 'Premium',
    unsubscribe_link: 'https://example.com/unsubscribe',
    preferences_link: 'https://example.com/preferences',
    app_url: 'https://example.com',
    engagement_score: '85',
    growth_phase: 'Building',
    ...settings,
  };
}
