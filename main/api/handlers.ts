import type { Handlers } from './handlers-type.js';
import type { AppServices } from '../app-services.js';
import { appHandlers } from './areas/app.js';
import { authHandlers } from './areas/auth.js';
import { profileHandlers } from './areas/profiles.js';
import { dashboardHandlers } from './areas/dashboard.js';
import { usersHandlers } from './areas/users.js';
import { analyticsHandlers } from './areas/analytics.js';
import { coachesHandlers } from './areas/coaches.js';
import { emailHandlers } from './areas/email.js';
import { wisdomHandlers } from './areas/wisdom.js';
import { productsHandlers } from './areas/products.js';
import { feedbackHandlers } from './areas/feedback.js';
import { bannersHandlers } from './areas/banners.js';
import { inquiriesHandlers } from './areas/inquiries.js';
import { promptsHandlers } from './areas/prompts.js';
import { flagsHandlers } from './areas/flags.js';
import { importsHandlers } from './areas/imports.js';
import { privacyHandlers } from './areas/privacy.js';
import { activityHandlers } from './areas/activity.js';
import { ttsHandlers, ttsLibraryHandlers } from './areas/tts.js';
import { toolkitHandlers } from './areas/toolkit.js';
import { marketingHandlers } from './areas/marketing.js';
import { affiliatesHandlers } from './areas/affiliates.js';
import { campaignsHandlers } from './areas/campaigns.js';
import { apiusageHandlers } from './areas/apiusage.js';
import { auditHandlers } from './areas/audit.js';
import { paletteHandlers } from './areas/palette.js';

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
    email: emailHandlers(s),
    wisdom: wisdomHandlers(s),
    products: productsHandlers(s),
    feedback: feedbackHandlers(s),
    banners: bannersHandlers(s),
    inquiries: inquiriesHandlers(s),
    prompts: promptsHandlers(s),
    flags: flagsHandlers(s),
    imports: importsHandlers(s),
    privacy: privacyHandlers(s),
    activity: activityHandlers(s),
    tts: ttsHandlers(s),
    ttsLibrary: ttsLibraryHandlers(s),
    toolkit: toolkitHandlers(s),
    marketing: marketingHandlers(s),
    affiliates: affiliatesHandlers(s),
    campaigns: campaignsHandlers(s),
    audit: auditHandlers(s),
    apiusage: apiusageHandlers(s),
    palette: paletteHandlers(s),
  };
}
