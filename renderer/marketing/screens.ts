import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The marketing links area's screens, by admin route path (see app/route-table.ts). The analytics screen is another area's. */
export const marketingScreens: ScreenMap = {
  'marketing-links': lazy(() => import('./MarketingLinksPage.js')),
  'marketing-links/new': lazy(() => import('./NewMarketingLinkPage.js')),
  'marketing-links/:id/edit': lazy(() => import('./EditMarketingLinkPage.js')),
};
