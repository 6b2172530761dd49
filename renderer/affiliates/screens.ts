import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The affiliate analytics screens, by admin route path (see app/route-table.ts). */
export const affiliatesScreens: ScreenMap = {
  'affiliate-analytics': lazy(() => import('./AffiliateAnalyticsPage.js')),
  'marketing-links/:id/analytics': lazy(() => import('./LinkAnalyticsPage.js')),
};
