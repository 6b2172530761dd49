import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The coaches area's screens, by admin route path (see app/route-table.ts). */
export const coachesScreens: ScreenMap = {
  coaches: lazy(() => import('./CoachesPage.js')),
  'coaches/new': lazy(() => import('./NewCoachPage.js')),
  'coaches/:id': lazy(() => import('./CoachEditPage.js')),
  'coaches/:id/history': lazy(() => import('./CoachHistoryPage.js')),
  'coach-requests': lazy(() => import('./CoachRequestsPage.js')),
  'coach-inquiries': lazy(() => import('./CoachInquiriesPage.js')),
};
