/**
 * The window's size, position, maximised state and zoom, kept between launches. Pure: main reads the displays
 * (screen.getAllDisplays) and the stored value, these functions decide.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  /** The normal (not maximised) bounds, so un-maximising returns to them. */
  readonly bounds: Rect;
  readonly maximized: boolean;
  readonly zoomLevel: number;
}

export interface DisplayLike {
  /** The display's area less the taskbar, dock and menu bar. */
  readonly workArea: Rect;
}

export interface SizeLimits {
  readonly width: number;
  readonly height: number;
  readonly minWidth: number;
  readonly minHeight: number;
}

/** Chromium's zoom range is a factor of 0.25 to 5 (levels about -7.6 to 8.8); the menu steps by 0.5. */
export const ZOOM_MIN = -7.5;
export const ZOOM_MAX = 8.5;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const MAX_COORD = 100_000;

/** The stored value, or undefined when it is missing or not a state this version wrote (never a crash). */
export function parseWindowState(raw: unknown): WindowState | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const b = r.bounds as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return undefined;
  const { x, y, width, height } = b;
  if (![x, y, width, height].every((v) => isFiniteNumber(v) && Math.abs(v) <= MAX_COORD)) return undefined;
  if ((width as number) <= 0 || (height as number) <= 0) return undefined;
  const zoom = isFiniteNumber(r.zoomLevel) ? Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, r.zoomLevel)) : 0;
  const round = (v: unknown) => Math.round(v as number);
  return { bounds: { x: round(x), y: round(y), width: round(width), height: round(height) }, maximized: r.maximized === true, zoomLevel: zoom };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

function centredIn(area: Rect, width: number, height: number): Rect {
  return { x: Math.round(area.x + (area.width - width) / 2), y: Math.round(area.y + (area.height - height) / 2), width, height };
}

/**
 * Where the window opens. The saved bounds go on the display they overlap most, shrunk to fit its work area and
 * moved fully inside it; when they overlap no display (that monitor is gone), the window opens centred on the
 * primary display (`displays[0]`) at its saved size, shrunk to fit. No saved bounds: the default size, centred.
 */
export function placeWindow(saved: Rect | undefined, displays: readonly DisplayLike[], limits: SizeLimits): Rect {
  const primary = displays[0]?.workArea ?? { x: 0, y: 0, width: limits.width, height: limits.height };
  const fit = (area: Rect, width: number, height: number) => ({
    width: Math.round(clamp(width, Math.min(limits.minWidth, area.width), area.width)),
    height: Math.round(clamp(height, Math.min(limits.minHeight, area.height), area.height)),
  });
  if (!saved) {
    const size = fit(primary, limits.width, limits.height);
    return centredIn(primary, size.width, size.height);
  }
  let best: Rect | undefined;
  let bestArea = 0;
  for (const d of displays) {
    const a = overlap(saved, d.workArea);
    if (a > bestArea) {
      bestArea = a;
      best = d.workArea;
    }
  }
  if (!best) {
    const size = fit(primary, saved.width, saved.height);
    return centredIn(primary, size.width, size.height);
  }
  const { width, height } = fit(best, saved.width, saved.height);
  return {
    x: Math.round(clamp(saved.x, best.x, best.x + best.width - width)),
    y: Math.round(clamp(saved.y, best.y, best.y + best.height - height)),
    width,
    height,
  };
}

/** The parts of BrowserWindow the tracker reads. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  isMaximized(): boolean;
  isMinimized(): boolean;
  isFullScreen(): boolean;
  getNormalBounds(): Rect;
  readonly webContents: { getZoomLevel(): number };
}

/**
 * Saves the window's state when it closes, and shortly after each move or resize so a crash keeps the last one.
 * Minimised or full screen, the normal bounds are still what is kept (getNormalBounds), never the minimised ones.
 */
export function trackWindowState(win: TrackedWindow, save: (state: WindowState) => void, delayMs = 500): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const snapshot = (): WindowState => ({
    bounds: win.getNormalBounds(),
    maximized: win.isMaximized(),
    zoomLevel: win.webContents.getZoomLevel(),
  });
  const saveNow = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    try {
      save(snapshot());
    } catch {
      // a window already destroyed, or a store that cannot write: the last saved state stays
    }
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, later);
  win.on('close', saveNow);
  return saveNow;
}
