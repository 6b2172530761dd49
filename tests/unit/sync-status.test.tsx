// The kit's SyncStatus as the two replicas' screens use it (renderer/analytics/ReplicaBar.tsx, renderer/users/list/
// SyncLine.tsx): the same words, test ids, roles and Refresh state as each showed before it was one part. Rendered to
// static markup; the e2e suites of both screens drive the live line.
import type { ReactNode } from 'react';
import { renderToStaticMarkup as toMarkup } from 'react-dom/server';
import { TooltipProvider } from '../../renderer/components/Tooltip.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplicaBar } from '../../renderer/analytics/ReplicaBar.js';
import { SyncLine } from '../../renderer/users/list/SyncLine.js';
import { formatDateTime } from '../../renderer/lib/format.js';
import type { ReplicaStatus } from '../../shared/rules/analytics/types.js';
import type { UsersSyncStatus } from '../../shared/contract/areas/users.js';

// The app's root gives every screen its tooltip provider.
const renderToStaticMarkup = (node: ReactNode) => toMarkup(<TooltipProvider>{node}</TooltipProvider>);

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const TWO_MINUTES_AGO = '2026-11-24T11:58:00.000Z';
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the user list sync line', () => {
  const users = (s: Partial<UsersSyncStatus>): UsersSyncStatus => ({ lastSyncedAt: TWO_MINUTES_AGO, syncing: false, received: null, lastError: null, ...s });

  it('says how long ago it synced, with the exact time on hover, and nothing before the first status', () => {
    const html = renderToStaticMarkup(<SyncLine status={users({})} />);
    // The exact time is the kit's tooltip (on hover and focus: the e2e reads it), so the time is a tab stop.
    expect(html).toMatch(/data-testid="users-synced" tabindex="0"[^>]*>Synced 2 minutes ago</);
    expect(html).not.toContain('title=');
    expect(html).toContain('class="sync-status sync-status-line muted"');
    expect(text(renderToStaticMarkup(<SyncLine status={users({ lastSyncedAt: new Date(NOW - 5000).toISOString() })} />))).toBe('Synced just now');
    expect(text(renderToStaticMarkup(<SyncLine status={users({ lastSyncedAt: null })} />))).toBe('Not synced yet');
    expect(renderToStaticMarkup(<SyncLine status={undefined} />)).toBe('');
    // Its Refresh is in the page header, not in the line.
    expect(html).not.toContain('<button');
  });

  it('shows a sync under way with what it received, and a failed sync when none runs', () => {
    const syncing = renderToStaticMarkup(<SyncLine status={users({ syncing: true, received: 12_345, lastError: 'old' })} />);
    expect(syncing).toMatch(/role="status" aria-live="polite" data-testid="users-sync-progress"/);
    expect(text(syncing)).toBe(`Synced 2 minutes ago · Syncing users: ${(12_345).toLocaleString()} received`);
    expect(syncing).not.toContain('<progress');
    expect(text(renderToStaticMarkup(<SyncLine status={users({ syncing: true })} />))).toBe('Synced 2 minutes ago · Syncing users...');
    const failed = renderToStaticMarkup(<SyncLine status={users({ lastError: 'The server "x" said no' })} />);
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toBe('Synced 2 minutes ago · Last sync failed: The server "x" said no');
  });
});

describe('the analytics replica bar', () => {
  const replica = (s: Partial<ReplicaStatus>): ReplicaStatus =>
    ({ lastSyncedAt: TWO_MINUTES_AGO, syncing: false, progress: null, lastError: null, ...s }) as ReplicaStatus;
  const bar = (status: ReplicaStatus | undefined, refreshing = false) =>
    renderToStaticMarkup(<ReplicaBar status={status} refreshing={refreshing} onRefresh={() => undefined} />);

  it('shows the exact time of the last sync and Refresh', () => {
    const html = bar(replica({}));
    expect(html).toContain('data-testid="replica-bar"');
    expect(html).toContain(`data-testid="last-synced">Last synced ${attr(formatDateTime(TWO_MINUTES_AGO))}<`);
    expect(html).toMatch(/<button type="button" class="button button-secondary">Refresh<\/button>/);
    expect(text(bar(replica({ lastSyncedAt: null })))).toBe('Not synced yetRefresh');
    // Before the first status: an empty time and Refresh.
    expect(text(bar(undefined))).toBe('Refresh');
  });

  it('shows the phase and a progress bar while a sync runs, Refresh busy; the failure once it is over', () => {
    const html = bar(replica({ syncing: true, progress: { phase: 'pulling', done: 1500, total: 3000 }, lastError: 'old' }));
    expect(text(html)).toBe(
      `Last synced ${formatDateTime(TWO_MINUTES_AGO)}Downloading changes: ${(1500).toLocaleString()} of ${(3000).toLocaleString()}Refresh`,
    );
    expect(html).toContain('<progress aria-label="Sync progress" max="3000" value="1500">');
    expect(html).toMatch(/<button type="button" class="button button-secondary" disabled="" aria-busy="true">/);
    // Refresh asked for, no status pushed yet: busy, the bar without a value.
    const asked = bar(replica({}), true);
    expect(text(asked)).toContain('Syncing...');
    expect(asked).toContain('<progress aria-label="Sync progress" max="1">');
    const failed = bar(replica({ lastError: 'offline' }));
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toBe(`Last synced ${formatDateTime(TWO_MINUTES_AGO)}Last sync failed: offlineRefresh`);
  });
});
