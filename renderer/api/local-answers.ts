import type { QueryClient } from '@tanstack/react-query';
import { OPERATIONS } from '../../shared/contract/index.js';
import { OpError, type Answer } from './hooks.js';

/** The reads main answers from this computer at once (contract `answersLocally`), as query keys begin. */
const LOCAL_READS = new Set(OPERATIONS.filter((o) => o.spec.answersLocally).map((o) => `${o.area}.${o.method}`));

/**
 * Main found the backend unreachable (its event `connectivity`, online false) after it may have released local
 * answers as online (shared/rules/auth/admin-check.ts): those a screen holds without the offline mark are fetched
 * again, and come back in the offline form (the "Offline: showing data from ..." notice, or the screen's error).
 */
export function refetchLocalAnswers(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const [area, method] = query.queryKey;
      const answer = query.state.data as Answer<unknown> | undefined;
      return typeof area === 'string' && typeof method === 'string' && LOCAL_READS.has(`${area}.${method}`) && !answer?.offline;
    },
  });
}

/**
 * Main reached the backend again (its event `connectivity`, online true): answers a screen holds in the offline form
 * ("Offline: showing data from ...") are fetched again, so the notice leaves without a manual refresh.
 */
export function refetchOfflineAnswers(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) =>
      (query.state.data as Answer<unknown> | undefined)?.offline !== undefined ||
      (query.state.error instanceof OpError && query.state.error.code === 'OFFLINE'),
  });
}
