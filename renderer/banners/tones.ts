import type { BadgeTone } from '../components/Badge.js';
import type { BannerCategory } from '../../shared/rules/banners/fields.js';
import type { BannerSchedule } from '../../shared/rules/banners/schedule.js';

/** Each category's colour: the kit's tones, so contrast holds in both themes. */
export const CATEGORY_TONE: Record<BannerCategory, BadgeTone> = { info: 'info', warning: 'warning', error: 'danger', success: 'success' };

export const SCHEDULE_TONE: Record<BannerSchedule, BadgeTone> = { scheduled: 'info', live: 'success', expired: 'neutral' };

/** A glyph per category for the preview; hidden from screen readers, which hear the category name. */
export const CATEGORY_ICON: Record<BannerCategory, string> = { info: 'i', warning: '!', error: '×', success: '✓' };
