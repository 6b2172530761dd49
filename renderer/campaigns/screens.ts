import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The campaigns area's screens, by admin route path (see app/route-table.ts). */
export const campaignsScreens: ScreenMap = {
  'campaign-analytics': lazy(() => import('./CampaignAnalyticsPage.js')),
};
