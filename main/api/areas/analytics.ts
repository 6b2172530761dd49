import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { replicaOf } from '../../services/analytics/replica.js';
import { activityFrom, analyticsFrom } from '../../services/analytics/screens.js';
import { syncFailure } from '../../services/analytics/sync.js';
import { webAnalytics } from '../../services/analytics/web-analytics.js';

export function analyticsHandlers(s: AppServices): Handlers['analytics'] {
  const replica = async () => replicaOf(await s.connections.current(), s.events);
  return {
    async userAnalytics(input, ctx) {
      const r = await replica();
      await r.ensureFresh().catch((err: unknown) => {
        throw syncFailure(err);
      });
      return analyticsFrom(r, input, ctx.user.id);
    },
    async userActivity(input, ctx) {
      const r = await replica();
      await r.ensureFresh().catch((err: unknown) => {
        throw syncFailure(err);
      });
      return activityFrom(r, input, ctx.user.id);
    },
    webAnalytics: async () => webAnalytics((await s.connections.current()).service),
    syncStatus: async () => (await replica()).sync.status(),
    async refresh() {
      const r = await replica();
      return r.sync.sync({ full: true }).catch((err: unknown) => {
        throw syncFailure(err);
      });
    },
  };
}
