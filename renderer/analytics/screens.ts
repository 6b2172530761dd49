import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The analytics area's screens, by admin route path (see app/route-table.ts). */
export const analyticsScreens: ScreenMap = {
  analytics: lazy(() => import('./UserAnalyticsPage.js')),
  'user-activity': lazy(() => import('./UserActivityPage.js')),
};
