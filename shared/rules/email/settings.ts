/** The e-mail engagement system's settings (spec 3 section 3), kept by the backend as one record. */
import { EMAIL_MESSAGES, isEmailAddress } from '../common/email-address.js';

export interface EmailSettings {
  readonly complianceFooterHtml: string;
  readonly complianceFooterText: string;
  readonly companyName: string;
  readonly companyAddress: string;
  readonly supportEmail: string;
  readonly fromName: string;
  readonly fromEmail: string;
  readonly replyToEmail: string;
}

export const EMAIL_SETTING_KEYS = [
  'complianceFooterHtml',
  'complianceFooterText',
  'companyName',
  'companyAddress',
  'supportEmail',
  'fromName',
  'fromEmail',
  'replyToEmail',
] as const satisfies readonly (keyof EmailSettings)[];

/** The settings that hold an e-mail address: each must be one (shared/rules/common/email-address.ts). */
export const EMAIL_ADDRESS_SETTINGS = ['supportEmail', 'fromEmail', 'replyToEmail'] as const satisfies readonly (typeof EMAIL_SETTING_KEYS)[number][];

/** The form's message for each address setting being saved that the contract would refuse (blank or malformed). */
export function settingsAddressErrors(values: Partial<Record<keyof EmailSettings, string>>): Partial<Record<keyof EmailSettings, string>> {
  const errors: Partial<Record<keyof EmailSettings, string>> = {};
  for (const key of EMAIL_ADDRESS_SETTINGS) {
    const v = values[key];
    if (v === undefined) continue;
    if (!v.trim()) errors[key] = EMAIL_MESSAGES.required;
    else if (!isEmailAddress(v)) errors[key] = EMAIL_MESSAGES.invalid;
  }
  return errors;
}

/** The admin_settings key under which the settings are stored (as JSON). */
export const EMAIL_SETTINGS_KEY = 'email_settings';

/** Defaults are the product's own company name, address and mailboxes (the demo product is Reflect). */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  complianceFooterHtml:
    '<p style="font-size:12px;color:#666">{{company_name}} · {{company_address}}<br>' +
    'You receive this e-mail because you have an account with {{company_name}}. ' +
    '<a href="{{unsubscribe_link}}">Unsubscribe</a> · <a href="{{preferences_link}}">E-mail preferences</a></p>',
  complianceFooterText:
    '{{company_name}} · {{company_address}}\nYou receive this e-mail because you have an account with {{company_name}}.\n' +
    'Unsubscribe: {{unsubscribe_link}}\nE-mail preferences: {{preferences_link}}',
  companyName: 'Reflect',
  companyAddress: '1 Reflection Way, San Francisco, CA 94105',
  supportEmail: 'support@reflect.local',
  fromName: 'Reflect',
  fromEmail: 'hello@reflect.local',
  replyToEmail: 'support@reflect.local',
};

/** Stored settings merged over the defaults; unknown keys and non-strings are dropped. */
export function mergeEmailSettings(stored: unknown): EmailSettings {
  const out: Record<string, string> = { ...DEFAULT_EMAIL_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const key of EMAIL_SETTING_KEYS) {
      const v = (stored as Record<string, unknown>)[key];
      if (typeof v === 'string') out[key] = v;
    }
  }
  return out as unknown as EmailSettings;
}

/** The settings' values as template variables (spec 3: company_name, company_address, ...). */
export function settingsVariables(s: EmailSettings): Record<string, string> {
  return {
    company_name: s.companyName,
    company_address: s.companyAddress,
    support_email: s.supportEmail,
    from_name: s.fromName,
    from_email: s.fromEmail,
    reply_to_email: s.replyToEmail,
  };
}
