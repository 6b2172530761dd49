import type { MarketingLinkFields } from './schema.js';

/** A marketing link as the screens see it (marketing_links, spec 3 section 3), in the form's field names. */
export type MarketingLink = MarketingLinkFields & {
  readonly id: string;
  readonly createdBy: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
};
