import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

export const activityScreens: ScreenMap = {
  activity: lazy(() => import('./ActivityPage.js')),
};
