import type { Banner, BannerFields } from '../../../shared/rules/banners/types.js';
import type { BannerAudience, BannerCategory } from '../../../shared/rules/banners/fields.js';

export const BANNER_COLUMNS =
  'id, category, title, message, action_text, action_url, active, start_date, end_date, target_audience, created_by, created_at, updated_at';

export interface BannerRow {
  readonly id: string;
  readonly category: BannerCategory;
  readonly title: string;
  readonly message: string;
  readonly action_text: string | null;
  readonly action_url: string | null;
  readonly active: boolean;
  readonly start_date: string | null;
  readonly end_date: string | null;
  readonly target_audience: BannerAudience;
  readonly created_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const toBanner = (r: BannerRow): Banner => ({
  id: r.id,
  category: r.category,
  title: r.title,
  message: r.message,
  actionText: r.action_text,
  actionUrl: r.action_url,
  active: r.active,
  startDate: r.start_date,
  endDate: r.end_date,
  targetAudience: r.target_audience,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The table's columns for the edited fields (already parsed and nulled by the contract's schema). */
export const bannerColumns = (f: BannerFields) => ({
  category: f.category,
  title: f.title,
  message: f.message,
  action_text: f.actionText,
  action_url: f.actionUrl,
  active: f.active,
  start_date: f.startDate,
  end_date: f.endDate,
  target_audience: f.targetAudience,
});
