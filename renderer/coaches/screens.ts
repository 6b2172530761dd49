import type { ScreenMap } from '../app/screen-map.js';

/** The coaches area's screens, by admin route path (see app/route-table.ts). */
export const coachesScreens: ScreenMap = {};
