import type { BannerAudience, BannerCategory } from './fields.js';

/** The fields an administrator edits (spec 2 section 3); empty optional ones are null. */
export interface BannerFields {
  readonly category: BannerCategory;
  readonly title: string;
  readonly message: string;
  readonly actionText: string | null;
  readonly actionUrl: string | null;
  readonly active: boolean;
  /** ISO instants. */
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly targetAudience: BannerAudience;
}

/** A row of system_banners. */
export interface Banner extends BannerFields {
  readonly id: string;
  readonly createdBy: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}
