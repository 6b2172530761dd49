import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** General contact inquiries, by admin route path (see app/route-table.ts). */
export const inquiriesScreens: ScreenMap = {
  'contact-inquiries': lazy(() => import('./ContactInquiriesPage.js')),
};
