import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { MAX_PREVIEW_URL_LENGTH, PREVIEW_WINDOW_NAME, isPreviewRequest, openPreviewIfAsked } from '../../main/app/preview-window.js';
import { createNavigationGuards } from '../../main/app/navigation.js';

const DATA = 'data:text/html;charset=utf-8,%3Ch1%3EPrivacy%3C%2Fh1%3E';

// The privacy preview is the one window the shell opens besides its own (E4 denies every other window.open).
describe('privacy preview window', () => {
  it('is asked for by name with a data: HTML document, and nothing else is', () => {
    expect(isPreviewRequest({ url: DATA, frameName: PREVIEW_WINDOW_NAME })).toBe(true);
    for (const details of [
      { url: DATA, frameName: '' },
      { url: DATA },
      { url: 'https://evil.example/', frameName: PREVIEW_WINDOW_NAME },
      { url: 'app://reflect/admin', frameName: PREVIEW_WINDOW_NAME },
      { url: 'blob:app://reflect/1', frameName: PREVIEW_WINDOW_NAME },
      { url: 'data:text/javascript,alert(1)', frameName: PREVIEW_WINDOW_NAME },
      { url: `${DATA}${'x'.repeat(MAX_PREVIEW_URL_LENGTH)}`, frameName: PREVIEW_WINDOW_NAME },
    ])
      expect(isPreviewRequest(details), JSON.stringify(details).slice(0, 80)).toBe(false);
  });

  it("opens in a window of main's own making: sandboxed, no Node, no preload, JavaScript off", () => {
    const loadURL = vi.fn(async () => undefined);
    const made: BrowserWindowConstructorOptions[] = [];
    expect(openPreviewIfAsked({ url: DATA, frameName: PREVIEW_WINDOW_NAME }, (o) => (made.push(o), { loadURL }))).toBe(true);
    expect(made).toHaveLength(1);
    const prefs = made[0]!.webPreferences!;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      javascript: false,
      webviewTag: false,
    });
    expect(prefs).not.toHaveProperty('preload');
    expect(made[0]).not.toHaveProperty('parent');
    expect(loadURL).toHaveBeenCalledExactlyOnceWith(DATA);
    expect(openPreviewIfAsked({ url: 'https://evil.example/', frameName: PREVIEW_WINDOW_NAME }, () => ({ loadURL }))).toBe(false);
  });

  it('the window.open handler still denies the open itself, and sends no preview to the system browser', () => {
    const openExternal = vi.fn();
    const openPreview = vi.fn((d: { url: string; frameName?: string }) => isPreviewRequest(d));
    const guards = createNavigationGuards({ isAllowedExternal: () => true, openExternal, openPreview });
    expect(guards.windowOpenHandler({ url: DATA, frameName: PREVIEW_WINDOW_NAME })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(guards.windowOpenHandler({ url: 'https://supabase.com/docs', frameName: '' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://supabase.com/docs');
  });
});
