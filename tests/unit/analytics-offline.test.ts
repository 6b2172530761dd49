// Offline, the analytics screens are computed from the replica for any range and toggle (not only the inputs
// seen online), under the offline notice with the time of the last sync; nothing is answered before a first
// sync, and Refresh fails clearly.
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { createRouter, type AccessGate } from '../../main/api/router.js';
import type { Handlers } from '../../main/api/handlers-type.js';
import { AppError } from '../../main/ground/errors.js';
import { createEventBus } from '../../main/core/events.js';
import type { AppServices } from '../../main/app-services.js';
import { migrate } from '../../main/cache/migrations.js';
import { analyticsHandlers } from '../../main/api/areas/analytics.js';
import { createReplica } from '../../main/services/analytics/replica.js';
import { syncTable } from '../../main/services/analytics/tables.js';
import type { UserActivity, UserAnalytics } from '../../shared/rules/analytics/types.js';

const ADMIN = 'u-admin';
const SYNCED_AT = '2026-11-20T08:00:00.000Z';

function offlineApp(synced: boolean) {
  const db = new Database(':memory:');
  migrate(db);
  const replica = createReplica(db, {} as never, createEventBus());
  const services = { connections: { services: async () => ({ analytics: replica }) } } as unknown as AppServices;
  const at = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  replica.store.writePage(
    syncTable('profiles'),
    [ADMIN, 'u-b'].map((id) => ({ id, created_at: at(100), updated_at: at(1) })),
  );
  replica.store.writePage(syncTable('blocks'), [
    { id: 'b1', user_id: ADMIN, created_at: at(2), updated_at: at(2) },
    { id: 'b2', user_id: 'u-b', created_at: at(3), updated_at: at(3) },
    { id: 'b3', user_id: 'u-b', created_at: at(40), updated_at: at(40) },
  ]);
  if (synced) replica.store.setMeta('last_synced_at', SYNCED_AT);
  const unreachable = async () => {
    throw new AppError('OFFLINE', 'The backend cannot be reached.');
  };
  const gate: AccessGate = { requireAdmin: unreachable, requireSession: unreachable, offlineAdminId: async () => ADMIN };
  // The real analytics handlers with their offline answers; the gate cannot reach the backend, so none runs online.
  const handlers = { analytics: analyticsHandlers(services) } as unknown as Handlers;
  return createRouter({ handlers, gate, readCache: async () => undefined });
}

describe('analytics offline from the replica', () => {
  it('computes any range and toggle from the replica, with the last sync time as the offline meta', async () => {
    const router = offlineApp(true);
    for (const [days, includeAdmin, blocks] of [
      [7, false, 1],
      [7, true, 2],
      [90, true, 3],
      [0, false, 2],
    ] as const) {
      const r = await router.call('analytics.userAnalytics', { days, includeAdmin });
      expect(r).toMatchObject({ ok: true, offline: { fetchedAt: SYNCED_AT } });
      const data = (r as { data: UserAnalytics }).data;
      expect(data.totals.journalEntries).toBe(blocks);
      expect(data.cards.totalUsers).toBe(includeAdmin ? 2 : 1);
      expect(data.replica.lastSyncedAt).toBe(SYNCED_AT);
    }
    const activity = await router.call('analytics.userActivity', { startMonth: '2025-01', adminMuted: false });
    expect(activity).toMatchObject({ ok: true, offline: { fetchedAt: SYNCED_AT } });
    expect((activity as { data: UserActivity }).data.startMonth).toBe('2025-01');
    expect(await router.call('analytics.syncStatus', {})).toMatchObject({ ok: true, data: { lastSyncedAt: SYNCED_AT }, offline: { fetchedAt: SYNCED_AT } });
  });

  it('answers nothing before a first sync, and Refresh fails clearly', async () => {
    const router = offlineApp(false);
    expect(await router.call('analytics.userAnalytics', {})).toMatchObject({ ok: false, code: 'OFFLINE' });
    expect(await offlineApp(true).call('analytics.refresh', {})).toMatchObject({ ok: false, code: 'OFFLINE' });
  });
});
