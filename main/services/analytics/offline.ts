/**
 * Offline answers of the analytics screens (declared beside their handlers in main/api/areas/analytics.ts): when
 * the backend cannot be reached, every range and toggle is computed from the replica as it was last synced (the
 * "Offline: showing data from <time>" notice shows that time). Nothing is answered before a first sync.
 */
import type { AppServices } from '../../app-services.js';
import { replicaOf, type Replica } from './replica.js';

/** `fromReplica(r => …)`: the answer computed from the replica with its last sync time, or undefined before one. */
export function replicaAnswers(s: AppServices) {
  return async <T>(answer: (replica: Replica) => T): Promise<{ data: T; fetchedAt: string } | undefined> => {
    const replica = replicaOf(await s.connections.current(), s.events);
    const fetchedAt = replica.store.meta('last_synced_at');
    return fetchedAt ? { data: answer(replica), fetchedAt } : undefined;
  };
}
