// The app's refresh command (Ctrl/Cmd+R, View → Refresh, the palette) on a replica's screen: the screen's own sync
// runs beside the refetch of its queries; elsewhere the refetch alone; a screen that left no longer answers.
import { describe, expect, it, vi } from 'vitest';
import { registerScreenRefresh, runScreenRefresh } from '../../renderer/lib/screen-refresh.js';
import { appCommandHandlers } from '../../renderer/lib/app-commands.js';
import type { QueryClient } from '@tanstack/react-query';

const handlers = () => {
  const refetchQueries = vi.fn(async () => undefined);
  const h = appCommandHandlers({ navigate: vi.fn(), queries: { refetchQueries } as unknown as QueryClient, openPalette: vi.fn(), openShortcuts: vi.fn() });
  return { h, refetchQueries };
};

describe('the refresh command', () => {
  it("runs the screen's own refresh and refetches its queries", () => {
    const sync = vi.fn();
    const leave = registerScreenRefresh(sync);
    const { h, refetchQueries } = handlers();
    h.refresh();
    expect(sync).toHaveBeenCalledTimes(1);
    expect(refetchQueries).toHaveBeenCalledWith({ type: 'active' });
    leave();
    h.refresh();
    expect(sync).toHaveBeenCalledTimes(1);
    expect(refetchQueries).toHaveBeenCalledTimes(2);
  });

  it('keeps the newest screen when an older one leaves after it arrived', () => {
    const a = vi.fn();
    const b = vi.fn();
    const leaveA = registerScreenRefresh(a);
    const leaveB = registerScreenRefresh(b);
    leaveA();
    expect(runScreenRefresh()).toBe(true);
    expect(b).toHaveBeenCalledTimes(1);
    expect(a).not.toHaveBeenCalled();
    leaveB();
    expect(runScreenRefresh()).toBe(false);
  });
});
