import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The feedback area's screens, by admin route path (see app/route-table.ts). */
export const feedbackScreens: ScreenMap = {
  feedback: lazy(() => import('./FeedbackBoardPage.js')),
  'feedback/deleted': lazy(() => import('./DeletedFeedbackPage.js')),
  'feedback/:id': lazy(() => import('./FeedbackDetailPage.js')),
};
