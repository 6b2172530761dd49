import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The API usage area's screens, by admin route path (see app/route-table.ts). */
export const apiusageScreens: ScreenMap = {
  'api-usage': lazy(() => import('./ApiUsagePage.js')),
};
