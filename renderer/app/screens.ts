import type { ScreenMap } from './screen-map.js';
import { dashboardScreens } from '../dashboard/screens.js';
import { usersScreens } from '../users/screens.js';
import { analyticsScreens } from '../analytics/screens.js';
import { coachesScreens } from '../coaches/screens.js';
import { activityScreens } from '../activity/screens.js';
import { ttsScreens } from '../tts/screens.js';

/**
 * The built screens, by admin route path (see route-table.ts). Each area keeps its own map in
 * <area>/screens.ts; a route missing from all of them shows the "not built yet" page.
 */
export const SCREENS: ScreenMap = { ...dashboardScreens, ...usersScreens, ...analyticsScreens, ...coachesScreens, ...activityScreens, ...ttsScreens };
