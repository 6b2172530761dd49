/**
 * Offline answers of the analytics screens (declared beside their handlers in main/api/areas/analytics.ts): when
 * the backend cannot be reached, every range and toggle is computed from the replica as it was last synced (the
 * "Offline: showing data from <time>" notice shows that time). Nothing is answered before a first sync.
 */
import type { Replica } from './replica.js';

/** `fromReplica(r => …)`: the answer computed from the replica with its last sync time, or undefined before one. */
export function replicaAnswers(replicaOf: () => Promise<Replica>) {
  return async <T>(answer: (replica: Replica) => T): Promise<{ data: T; fetchedAt: string } | undefined> => {
    const replica = await replicaOf();
    return replica.sync.offline(() => answer(replica));
  };
}
