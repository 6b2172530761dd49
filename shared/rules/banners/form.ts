import type { Banner, BannerFields } from './types.js';
import {
  BANNER_AUDIENCES,
  BANNER_CATEGORIES,
  BANNER_MESSAGES,
  blankToNull,
  endsBeforeStart,
  isBlank,
  isSafeActionUrl,
  type BannerAudience,
  type BannerCategory,
} from './fields.js';

/** The banner form as its controls hold it: dates are datetime-local strings in the administrator's time zone. */
export interface BannerForm {
  readonly category: BannerCategory;
  readonly title: string;
  readonly message: string;
  readonly actionText: string;
  readonly actionUrl: string;
  readonly active: boolean;
  readonly startDate: string;
  readonly endDate: string;
  readonly targetAudience: BannerAudience;
}

/** A new banner: active, audience all (spec 2 section 4); category info. */
export function emptyBannerForm(): BannerForm {
  return {
    category: BANNER_CATEGORIES[0],
    title: '',
    message: '',
    actionText: '',
    actionUrl: '',
    active: true,
    startDate: '',
    endDate: '',
    targetAudience: BANNER_AUDIENCES[0],
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value ('2026-11-24T09:30') in local time; '' for none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (read as local time) as an ISO instant; blank is null, and nonsense stays as typed so the schema refuses it. */
export function localInputToIso(value: string): string | null {
  const v = blankToNull(value);
  if (v === null) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

export function formFromBanner(b: Banner): BannerForm {
  return {
    category: b.category,
    title: b.title,
    message: b.message,
    actionText: b.actionText ?? '',
    actionUrl: b.actionUrl ?? '',
    active: b.active,
    startDate: isoToLocalInput(b.startDate),
    endDate: isoToLocalInput(b.endDate),
    targetAudience: b.targetAudience,
  };
}

/** What the form sends: empty dates, action text and action URL as null (spec 2 section 5). */
export function bannerInputOf(f: BannerForm): BannerFields {
  return {
    category: f.category,
    title: f.title.trim(),
    message: f.message.trim(),
    actionText: blankToNull(f.actionText),
    actionUrl: blankToNull(f.actionUrl),
    active: f.active,
    startDate: localInputToIso(f.startDate),
    endDate: localInputToIso(f.endDate),
    targetAudience: f.targetAudience,
  };
}

export type BannerFormErrors = Partial<Record<'title' | 'message' | 'actionUrl' | 'endDate', string>>;

/** The messages beside the fields; title and message only once touched, so a new form does not open in red. */
export function bannerFormErrors(f: BannerForm, touched: { readonly title?: boolean; readonly message?: boolean } = {}): BannerFormErrors {
  const errors: { -readonly [K in keyof BannerFormErrors]: string } = {};
  if (touched.title && isBlank(f.title)) errors.title = BANNER_MESSAGES.titleRequired;
  if (touched.message && isBlank(f.message)) errors.message = BANNER_MESSAGES.messageRequired;
  if (!isBlank(f.actionUrl) && !isSafeActionUrl(f.actionUrl)) errors.actionUrl = BANNER_MESSAGES.unsafeActionUrl;
  const input = bannerInputOf(f);
  if (endsBeforeStart(input.startDate, input.endDate)) errors.endDate = BANNER_MESSAGES.endBeforeStart;
  return errors;
}

/** Save stays disabled until title and message are non-blank, and while any field is refused. */
export function canSaveBanner(f: BannerForm): boolean {
  return !isBlank(f.title) && !isBlank(f.message) && Object.keys(bannerFormErrors(f)).length === 0;
}

export function sameBannerForm(a: BannerForm, b: BannerForm): boolean {
  return (Object.keys(a) as (keyof BannerForm)[]).every((k) => a[k] === b[k]);
}
