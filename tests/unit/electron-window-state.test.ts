import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseWindowState, placeWindow, trackWindowState, ZOOM_MAX, ZOOM_MIN, type Rect, type TrackedWindow } from '../../main/app/window-state.js';
import { createWindowOptions, WINDOW_SIZE } from '../../main/app/window-options.js';

const display = (x: number, y: number, width: number, height: number) => ({ workArea: { x, y, width, height } });
const laptop = display(0, 25, 1440, 875); // macOS menu bar above
const rightMonitor = display(1440, 0, 2560, 1400);
const leftMonitor = display(-1920, 0, 1920, 1040);
const portraitAbove = display(0, -1920, 1080, 1920);

const inside = (r: Rect, area: Rect) => r.x >= area.x && r.y >= area.y && r.x + r.width <= area.x + area.width && r.y + r.height <= area.y + area.height;

describe('placeWindow', () => {
  it('opens at the default size centred on the primary display the first time', () => {
    const r = placeWindow(undefined, [laptop, rightMonitor], WINDOW_SIZE);
    expect(r).toEqual({ x: 80, y: 53, width: 1280, height: 820 });
  });

  it('restores saved bounds that are on a display as they were', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900 };
    expect(placeWindow(saved, [laptop, rightMonitor], WINDOW_SIZE)).toEqual(saved);
    const left = { x: -1800, y: 40, width: 1200, height: 800 };
    expect(placeWindow(left, [laptop, leftMonitor], WINDOW_SIZE)).toEqual(left);
  });

  it('moves a window whose monitor is gone back onto the primary display, centred, shrunk to fit', () => {
    const onGoneMonitor = { x: 1600, y: 100, width: 2400, height: 1300 };
    const r = placeWindow(onGoneMonitor, [laptop], WINDOW_SIZE);
    expect(r).toEqual({ x: 0, y: 25, width: 1440, height: 875 });
    const small = placeWindow({ x: -1800, y: 40, width: 1000, height: 700 }, [laptop], WINDOW_SIZE);
    expect(small).toEqual({ x: 220, y: 113, width: 1000, height: 700 });
  });

  it('pulls a window that hangs off the edge of its display fully inside it', () => {
    const r = placeWindow({ x: 1000, y: 600, width: 1200, height: 800 }, [laptop], WINDOW_SIZE);
    expect(r).toEqual({ x: 240, y: 100, width: 1200, height: 800 });
    const above = placeWindow({ x: 200, y: -100, width: 1000, height: 700 }, [laptop], WINDOW_SIZE);
    expect(above.y).toBe(25);
  });

  it('puts a window spanning two displays on the one it overlaps most', () => {
    const r = placeWindow({ x: 1200, y: 100, width: 1400, height: 900 }, [laptop, rightMonitor], WINDOW_SIZE);
    expect(inside(r, rightMonitor.workArea)).toBe(true);
    expect(r).toMatchObject({ x: 1440, y: 100, width: 1400, height: 900 });
  });

  it('handles a display above the primary (negative coordinates) and a screen smaller than the minimum size', () => {
    const r = placeWindow({ x: 100, y: -1500, width: 900, height: 1200 }, [laptop, portraitAbove], WINDOW_SIZE);
    expect(inside(r, portraitAbove.workArea)).toBe(true);
    expect(r.width).toBe(WINDOW_SIZE.minWidth); // a saved size below the minimum grows to it
    const tiny = display(0, 0, 800, 560);
    const t = placeWindow({ x: 0, y: 0, width: 1280, height: 820 }, [tiny], WINDOW_SIZE);
    expect(t).toEqual({ x: 0, y: 0, width: 800, height: 560 });
  });

  it('keeps the window inside its display for many saved positions and layouts', () => {
    const layouts = [[laptop], [laptop, rightMonitor], [laptop, leftMonitor, rightMonitor], [laptop, portraitAbove]];
    for (const layout of layouts) {
      for (let x = -4000; x <= 5000; x += 650) {
        for (let y = -2500; y <= 2500; y += 450) {
          const r = placeWindow({ x, y, width: 1300, height: 850 }, layout, WINDOW_SIZE);
          expect(
            layout.some((d) => inside(r, d.workArea)),
            `${x},${y}`,
          ).toBe(true);
        }
      }
    }
  });
});

describe('parseWindowState', () => {
  it('reads what was saved, rounding and bounding the zoom', () => {
    expect(parseWindowState({ bounds: { x: 10.4, y: 20, width: 1200, height: 800 }, maximized: true, zoomLevel: 1.5 })).toEqual({
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
      maximized: true,
      zoomLevel: 1.5,
    });
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 100, height: 100 }, zoomLevel: 99 })?.zoomLevel).toBe(ZOOM_MAX);
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 100, height: 100 }, zoomLevel: -99 })?.zoomLevel).toBe(ZOOM_MIN);
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 100, height: 100 }, maximized: 'yes' })).toMatchObject({ maximized: false, zoomLevel: 0 });
  });

  it('ignores anything that is not a saved state', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      {},
      { bounds: null },
      { bounds: { x: 0, y: 0, width: 0, height: 10 } },
      { bounds: { x: NaN, y: 0, width: 10, height: 10 } },
      { bounds: { x: 1e9, y: 0, width: 10, height: 10 } },
      { bounds: { x: '1', y: 0, width: 10, height: 10 } },
    ]) {
      expect(parseWindowState(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('trackWindowState', () => {
  afterEach(() => vi.useRealTimers());

  const fakeWindow = () => {
    const w = Object.assign(new EventEmitter(), {
      bounds: { x: 10, y: 20, width: 1200, height: 800 },
      maximized: false,
      zoom: 0,
      isMaximized: () => w.maximized,
      isMinimized: () => false,
      isFullScreen: () => false,
      getNormalBounds: () => w.bounds,
      webContents: { getZoomLevel: () => w.zoom },
    });
    return w;
  };

  it('saves the normal bounds, maximised state and zoom when the window closes', () => {
    const w = fakeWindow();
    const save = vi.fn();
    trackWindowState(w as unknown as TrackedWindow, save);
    w.maximized = true;
    w.zoom = 1;
    w.emit('close');
    expect(save).toHaveBeenCalledExactlyOnceWith({ bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: true, zoomLevel: 1 });
  });

  it('saves shortly after moves and resizes, once for a burst of them', () => {
    vi.useFakeTimers();
    const w = fakeWindow();
    const save = vi.fn();
    trackWindowState(w as unknown as TrackedWindow, save, 500);
    for (let i = 0; i < 10; i++) {
      w.bounds = { ...w.bounds, x: w.bounds.x + 10 };
      w.emit('move');
    }
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ bounds: { x: 110, y: 20, width: 1200, height: 800 } }));
  });

  it('keeps going when saving fails (a window already destroyed)', () => {
    const w = fakeWindow();
    trackWindowState(w as unknown as TrackedWindow, () => {
      throw new Error('destroyed');
    });
    expect(() => w.emit('close')).not.toThrow();
  });
});

describe('createWindowOptions with a saved place and theme', () => {
  it('opens where placeWindow said, with the theme’s background before the first paint', () => {
    const o = createWindowOptions({ preloadPath: '/p.cjs', bounds: { x: -100, y: 50, width: 1000, height: 700 }, backgroundColor: '#0f1115' });
    expect(o).toMatchObject({ x: -100, y: 50, width: 1000, height: 700, backgroundColor: '#0f1115', show: false });
    const d = createWindowOptions({ preloadPath: '/p.cjs' });
    expect(d.x).toBeUndefined();
    expect(d).toMatchObject({ width: WINDOW_SIZE.width, height: WINDOW_SIZE.height });
  });
});
