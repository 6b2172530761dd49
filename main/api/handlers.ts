import type { Handlers } from './handlers-type.js';
import type { AppServices } from '../core/app-services.js';
import { appHandlers } from './areas/app.js';
import { authHandlers } from './areas/auth.js';
import { profileHandlers } from './areas/profiles.js';
import { dashboardHandlers } from './areas/dashboard.js';
import { usersHandlers } from './areas/users.js';
import { analyticsHandlers } from './areas/analytics.js';
import { coachesHandlers } from './areas/coaches.js';
import { activityHandlers } from './areas/activity.js';
import { ttsHandlers, ttsLibraryHandlers } from './areas/tts.js';

/** One handler per contract operation, each a thin call into a service. */
export function createHandlers(s: AppServices): Handlers {
  return {
    app: appHandlers(s),
    auth: authHandlers(s),
    profiles: profileHandlers(s),
    dashboard: dashboardHandlers(s),
    users: usersHandlers(s),
    analytics: analyticsHandlers(s),
    coaches: coachesHandlers(s),
    activity: activityHandlers(s),
    tts: ttsHandlers(s),
    ttsLibrary: ttsLibraryHandlers(s),
  };
}
