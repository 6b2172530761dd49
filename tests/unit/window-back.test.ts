// The window back after a pause tells main once (issue 30: main opens the project's connections again if cold).
import { describe, expect, it } from 'vitest';
import { followWindowBack } from '../../renderer/lib/window-back.js';
import { warmProjectIfCold } from '../../main/core/supabase-clients.js';

describe('the window back after a pause', () => {
  it('tells main on focus or when shown again, once per 5 s, never while hidden, and no more once stopped', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    let t = 0;
    const calls: number[] = [];
    const stop = followWindowBack(
      win,
      doc,
      () => calls.push(t),
      () => t,
    );
    win.dispatchEvent(new Event('focus'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([0]);
    t = 6_000;
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([0]);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toEqual([0, 6_000]);
    stop();
    t = 20_000;
    win.dispatchEvent(new Event('focus'));
    expect(calls).toEqual([0, 6_000]);
  });

  it('main opens connections only when they may be cold, and never for a backend on this computer', async () => {
    const asked: string[] = [];
    const current = (onThisComputer: boolean) => async () => {
      asked.push('current');
      return { credentials: { url: 'http://127.0.0.1:9', anonKey: 'anon', onThisComputer } };
    };
    // Warm: nothing is asked. Cold but on this computer: nothing opened.
    expect(await warmProjectIfCold(current(false), -Infinity)).toBe(false);
    expect(asked).toEqual([]);
    expect(await warmProjectIfCold(current(true), Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(asked).toEqual(['current']);
  });
});
