import type { ScreenMap } from '../app/screen-map.js';

/** The users area's screens, by admin route path (see app/route-table.ts). */
export const usersScreens: ScreenMap = {};
