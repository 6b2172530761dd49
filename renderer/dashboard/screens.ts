import { lazy } from 'react';
import type { ScreenMap } from '../app/screen-map.js';

export const dashboardScreens: ScreenMap = {
  dashboard: lazy(() => import('./DashboardPage.js')),
};
