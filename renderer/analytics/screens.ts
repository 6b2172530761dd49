import type { ScreenMap } from '../app/screen-map.js';

/** The analytics area's screens, by admin route path (see app/route-table.ts). */
export const analyticsScreens: ScreenMap = {};
