import type { FunctionRegistry } from '../../gateway/functions.js';
import { adminCreateBroadcastCampaign, adminGetSegmentCount } from './segments.js';
import { adminGetEmailSettings, adminUpdateEmailSettings } from './settings.js';
import { adminClearFailedQueueItem, adminGetEmailStats } from './stats.js';
import { processEmailQueue } from './process-queue.js';
import { testAdminEmail } from './test-admin-email.js';

/** Edge functions of the e-mail area (spec 3 section 7), as the embedded backend implements them. */
export const emailFunctions: FunctionRegistry = {
  test_admin_email: testAdminEmail,
  'admin-get-segment-count': adminGetSegmentCount,
  'admin-create-broadcast-campaign': adminCreateBroadcastCampaign,
  'admin-get-email-settings': adminGetEmailSettings,
  'admin-update-email-settings': adminUpdateEmailSettings,
  'admin-get-email-stats': adminGetEmailStats,
  'admin-clear-failed-queue-item': adminClearFailedQueueItem,
  'process-email-queue': processEmailQueue,
};
