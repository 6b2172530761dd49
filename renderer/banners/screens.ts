import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** System banners, by admin route path (see app/route-table.ts); the form's id is 'new' for creation. */
export const bannersScreens: ScreenMap = {
  banners: lazy(() => import('./BannersPage.js')),
  'banners/:id/edit': lazy(() => import('./BannerEditPage.js')),
};
