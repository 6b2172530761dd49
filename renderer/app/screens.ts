import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The built screens, by admin route path (see route-table.ts). Each area adds its own lines; a route
 * missing here shows the "not built yet" page.
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('../dashboard/DashboardPage.js')),
};
