import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The imports area's screens, by admin route path (see app/route-table.ts). */
export const importsScreens: ScreenMap = {
  imports: lazy(() => import('./ImportsPage.js')),
};
