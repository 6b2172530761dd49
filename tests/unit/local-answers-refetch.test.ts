// Issue 30: a local answer released as online before main found the backend unreachable is fetched again when
// main says so (event connectivity, online false), to take the offline form; answers already offline, and reads main
// does not answer locally, are left as they are. Back online (event connectivity, online true), what a screen shows in the
// offline form is fetched again.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refetchLocalAnswers, refetchOfflineAnswers } from '../../renderer/api/local-answers.js';
import { OpError } from '../../renderer/api/hooks.js';

const online = { data: { rows: [] }, offline: undefined };
const offline = { data: { rows: [] }, offline: { fetchedAt: '2026-11-26T11:00:00.000Z' } };

describe('local answers fetched again when the backend is found unreachable', () => {
  it('marks stale the local answers shown as online, and only those', async () => {
    const client = new QueryClient();
    const keys = {
      usersOnline: ['users', 'page', { offset: 0 }],
      usersOffline: ['users', 'page', { offset: 100 }],
      analytics: ['analytics', 'userAnalytics', { days: 30 }],
      palette: ['palette', 'search', { query: 'an' }],
      dashboard: ['dashboard', 'overview', {}],
      webAnalytics: ['analytics', 'webAnalytics', {}],
    };
    client.setQueryData(keys.usersOnline, online);
    client.setQueryData(keys.usersOffline, offline);
    client.setQueryData(keys.analytics, online);
    client.setQueryData(keys.palette, online);
    client.setQueryData(keys.dashboard, online);
    client.setQueryData(keys.webAnalytics, online);
    await refetchLocalAnswers(client);
    const stale = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]));
    expect(stale).toEqual({ usersOnline: true, usersOffline: false, analytics: true, palette: true, dashboard: false, webAnalytics: false });
  });
});

describe('offline answers fetched again when the backend answers again', () => {
  it('fetches again the kept answers and the reads that failed as offline on screen, and only those', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const asked: string[] = [];
    // Each read on screen (an observer), answering first as given, then online.
    const onScreen = (name: string, first: () => Promise<unknown>) => {
      let calls = 0;
      const observer = new QueryObserver(client, {
        queryKey: [name, 'read', {}],
        queryFn: () => (calls++ === 0 ? first() : (asked.push(name), Promise.resolve(online))),
      });
      return new Promise<void>((resolve) => {
        const stop = observer.subscribe((r) => r.fetchStatus === 'idle' && resolve());
        cleanups.push(stop);
      });
    };
    const fail = (code: 'OFFLINE' | 'NOT_FOUND') => () => Promise.reject(new OpError(code, 'no'));
    await Promise.all([
      onScreen('usersOnline', () => Promise.resolve(online)),
      onScreen('usersOffline', () => Promise.resolve(offline)),
      onScreen('activityFailedOffline', fail('OFFLINE')),
      onScreen('coachFailedOtherwise', fail('NOT_FOUND')),
    ]);
    await refetchOfflineAnswers(client);
    expect(asked.sort()).toEqual(['activityFailedOffline', 'usersOffline']);
  });
});

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
