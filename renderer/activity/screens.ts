import { lazy } from 'react';
import type { ScreenMap } from '../app/screen-map.js';

export const activityScreens: ScreenMap = {
  activity: lazy(() => import('./ActivityPage.js')),
};
