import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The privacy area's screens, by admin route path (see app/route-table.ts). */
export const privacyScreens: ScreenMap = {
  'privacy-intentions': lazy(() => import('./PrivacyIntentionsPage.js')),
  'privacy-history': lazy(() => import('./PrivacyHistoryPage.js')),
};
