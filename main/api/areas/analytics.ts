import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { replicaAnswers } from '../../services/analytics/offline.js';
import { activityFrom, analyticsFrom } from '../../services/analytics/screens.js';
import { syncFailure } from '../../services/analytics/sync.js';
import { webAnalytics } from '../../services/analytics/web-analytics.js';

export function analyticsHandlers(s: AppServices): Handlers['analytics'] {
  const replica = async () => (await s.connections.services()).analytics;
  const fresh = async () => {
    const r = await replica();
    await r.ensureFresh().catch((err: unknown) => {
      throw syncFailure(err);
    });
    return r;
  };
  // Offline, the screens are computed from the replica as last synced, for any range and toggle.
  const fromReplica = replicaAnswers(replica);
  return {
    userAnalytics: {
      run: async (input, ctx) => analyticsFrom(await fresh(), input, ctx.user.id),
      offline: (input, { userId }) => fromReplica((r) => analyticsFrom(r, input, userId)),
    },
    userActivity: {
      run: async (input, ctx) => activityFrom(await fresh(), input, ctx.user.id),
      offline: (input, { userId }) => fromReplica((r) => activityFrom(r, input, userId)),
    },
    webAnalytics: async () => webAnalytics((await s.connections.current()).service),
    syncStatus: {
      run: async () => (await replica()).sync.status(),
      offline: () => fromReplica((r) => r.sync.status()),
    },
    async refresh() {
      const r = await replica();
      return r.sync.sync({ full: true }).catch((err: unknown) => {
        throw syncFailure(err);
      });
    },
  };
}
