import type { ScreenMap } from '../lib/screen-map.js';
import { dashboardScreens } from '../dashboard/screens.js';
import { usersScreens } from '../users/screens.js';
import { analyticsScreens } from '../analytics/screens.js';
import { coachesScreens } from '../coaches/screens.js';
import { emailScreens } from '../email/screens.js';
import { wisdomScreens } from '../wisdom/screens.js';
import { productsScreens } from '../products/screens.js';
import { feedbackScreens } from '../feedback/screens.js';
import { bannersScreens } from '../banners/screens.js';
import { inquiriesScreens } from '../inquiries/screens.js';
import { promptsScreens } from '../prompts/screens.js';
import { flagsScreens } from '../flags/screens.js';
import { importsScreens } from '../imports/screens.js';
import { privacyScreens } from '../privacy/screens.js';
import { activityScreens } from '../activity/screens.js';
import { ttsScreens } from '../tts/screens.js';
import { marketingScreens } from '../marketing/screens.js';
import { campaignsScreens } from '../campaigns/screens.js';
import { affiliatesScreens } from '../affiliates/screens.js';
import { apiusageScreens } from '../apiusage/screens.js';
import { auditScreens } from '../audit/screens.js';

/**
 * The built screens, by admin route path (see route-table.ts). Each area keeps its own map in
 * <area>/screens.ts; a route missing from all of them shows the "not built yet" page.
 */
export const SCREENS: ScreenMap = {
  ...dashboardScreens,
  ...usersScreens,
  ...analyticsScreens,
  ...coachesScreens,
  ...emailScreens,
  ...wisdomScreens,
  ...productsScreens,
  ...feedbackScreens,
  ...bannersScreens,
  ...inquiriesScreens,
  ...promptsScreens,
  ...flagsScreens,
  ...importsScreens,
  ...privacyScreens,
  ...activityScreens,
  ...ttsScreens,
  ...marketingScreens,
  ...campaignsScreens,
  ...affiliatesScreens,
  ...apiusageScreens,
  ...auditScreens,
};
