import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { apiUsageStats } from '../../services/apiusage/stats.js';

/** Read with the service client, after the router's admin check. */
export function apiusageHandlers(s: AppServices): Handlers['apiusage'] {
  return {
    stats: async ({ period }) => apiUsageStats((await s.connections.current()).service, period),
  };
}
