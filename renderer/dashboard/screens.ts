import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

export const dashboardScreens: ScreenMap = {
  dashboard: lazy(() => import('./DashboardPage.js')),
};
