import { describe, expect, it } from 'vitest';
import { createWindowOptions, WINDOW_TITLE } from '../../main/app/window-options.js';

// E1: an isolated, sandboxed renderer without Node; web security never turned off.
describe('createWindowOptions (E1)', () => {
  const options = createWindowOptions({ preloadPath: '/app/dist/preload/index.cjs', iconPath: '/app/resources/icon.png' });
  const web = options.webPreferences ?? {};

  it('isolates and sandboxes the renderer, with no Node integration anywhere', () => {
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
  });

  it('never weakens web security', () => {
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).not.toBe(true);
    expect(web.experimentalFeatures).not.toBe(true);
    expect(web.enableBlinkFeatures).toBeUndefined();
    expect(web.webviewTag).toBe(false);
  });

  it('uses the given preload and icon', () => {
    expect(web.preload).toBe('/app/dist/preload/index.cjs');
    expect(options.icon).toBe('/app/resources/icon.png');
    expect(createWindowOptions({ preloadPath: '/p.cjs' }).icon).toBeUndefined();
  });

  it('stays hidden until ready-to-show, with a title and sensible sizes', () => {
    expect(options.show).toBe(false);
    expect(options.title).toBe(WINDOW_TITLE);
    expect(WINDOW_TITLE).toBe('Reflect Admin');
    expect(options.minWidth).toBeGreaterThanOrEqual(800);
    expect(options.minHeight).toBeGreaterThanOrEqual(500);
    expect(options.width).toBeGreaterThanOrEqual(options.minWidth ?? 0);
    expect(options.height).toBeGreaterThanOrEqual(options.minHeight ?? 0);
  });

  it('offers DevTools only when asked (development builds)', () => {
    expect(web.devTools).toBe(false);
    expect(createWindowOptions({ preloadPath: '/p.cjs', devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('checks spelling only where the OS does it (macOS), so no dictionary is downloaded elsewhere', () => {
    expect(web.spellcheck).toBe(false);
    expect(createWindowOptions({ preloadPath: '/p.cjs', platform: 'win32' }).webPreferences?.spellcheck).toBe(false);
    expect(createWindowOptions({ preloadPath: '/p.cjs', platform: 'linux' }).webPreferences?.spellcheck).toBe(false);
    expect(createWindowOptions({ preloadPath: '/p.cjs', platform: 'darwin' }).webPreferences?.spellcheck).toBe(true);
  });
});
