import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The wisdom area's screens, by admin route path (see app/route-table.ts). */
export const wisdomScreens: ScreenMap = {
  'wisdom-sources': lazy(() => import('./WisdomSourcesPage.js')),
};
