import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The e-mail area's screens, by admin route path (see app/route-table.ts). */
export const emailScreens: ScreenMap = {
  'email-management': lazy(() => import('./EmailSystemPage.js')),
  'email-engagement': lazy(() => import('./EmailEngagementPage.js')),
};
