// Issue 30: a local answer released as online before main found the backend unreachable is fetched again when
// main says so (event connectivity, online false), to take the offline form; answers already offline, and reads main
// does not answer locally, are left as they are.
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { refetchLocalAnswers } from '../../renderer/api/local-answers.js';

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
