import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The users area's screens, by admin route path (see app/route-table.ts). */
export const usersScreens: ScreenMap = {
  users: lazy(() => import('./list/UsersPage.js')),
  'users/:userId': lazy(() => import('./detail/UserDetailPage.js')),
};
