import type { Handlers } from './handlers-type.js';
import type { AppServices } from '../core/app-services.js';
import { appHandlers } from './areas/app.js';
import { authHandlers } from './areas/auth.js';
import { profileHandlers } from './areas/profiles.js';
import { dashboardHandlers } from './areas/dashboard.js';

/** One handler per contract operation, each a thin call into a service. */
export function createHandlers(s: AppServices): Handlers {
  return {
    app: appHandlers(s),
    auth: authHandlers(s),
    profiles: profileHandlers(s),
    dashboard: dashboardHandlers(s),
  };
}
