import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The feature flags area's screens, by admin route path (see app/route-table.ts). */
export const flagsScreens: ScreenMap = {
  'feature-flags': lazy(() => import('./FeatureFlagsPage.js')),
};
