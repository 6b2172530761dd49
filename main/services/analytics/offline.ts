/**
 * Offline answers of the analytics screens: when the backend cannot be reached, the router asks here before
 * its kept reads, and every range and toggle is computed from the replica as it was last synced (the
 * "Offline: showing data from <time>" notice shows that time). Nothing is answered before a first sync.
 */
import type { AppServices } from '../../core/app-services.js';
import type { KeptRead } from '../../cache/types.js';
import { contract } from '../../../shared/contract/index.js';
import { replicaOf } from './replica.js';
import { activityFrom, analyticsFrom } from './screens.js';

export type OfflineAnswers = (operation: string, input: unknown, userId: string) => Promise<KeptRead | undefined>;

export function analyticsOfflineAnswers(s: AppServices): OfflineAnswers {
  return async (operation, input, userId) => {
    if (!operation.startsWith('analytics.')) return undefined;
    const replica = replicaOf(await s.connections.current(), s.events);
    const fetchedAt = replica.store.meta('last_synced_at');
    if (!fetchedAt) return undefined;
    switch (operation) {
      case 'analytics.userAnalytics':
        return { data: analyticsFrom(replica, contract.analytics.userAnalytics.input.parse(input), userId), fetchedAt };
      case 'analytics.userActivity':
        return { data: activityFrom(replica, contract.analytics.userActivity.input.parse(input), userId), fetchedAt };
      case 'analytics.syncStatus':
        return { data: replica.sync.status(), fetchedAt };
      default:
        return undefined;
    }
  };
}
