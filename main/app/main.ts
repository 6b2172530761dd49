import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, protocol, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import { boot, type Booted } from '../boot.js';
import { log, setLogSink } from '../ground/log.js';
import { openCacheDatabase } from '../cache/database.js';
import { APP_ENTRY_URL } from './app-origin.js';
import { contentSecurityPolicy, HOSTED_STORAGE_SOURCE } from '../core/csp.js';
import { externalAllowlist, isAllowedExternalUrl } from './external-links.js';
import { installElectronIpc } from './ipc.js';
import { createFileLogSink } from './log-file.js';
import { applicationMenuTemplate } from './menu.js';
import { attachNavigationGuards } from './navigation.js';
import { openPreviewIfAsked } from './preview-window.js';
import { applyPermissionPolicy, denyBluetoothSelection } from './permissions.js';
import { createElectronProfileStore } from './profile-store.js';
import { APP_SCHEME_PRIVILEGES, registerAppProtocol } from './protocol.js';
import { createSafeStorageSecretStore } from './secret-store.js';
import { createWindowOptions } from './window-options.js';
import { createDialogSaveTarget } from './save-dialog.js';

/** The Electron entry (bundled to dist/main/electron.js): lifecycle and wiring only. */
const here = path.dirname(fileURLToPath(import.meta.url)); // dist/main
const dist = path.resolve(here, '..');
const PRELOAD = path.join(dist, 'preload', 'index.cjs');
const RENDERER_ROOT = path.join(dist, 'renderer');
/** The embedded demo's gateway listens on a new loopback port at each start. */
const LOOPBACK_IMAGES = 'http://127.0.0.1:*';
const SHUTDOWN_TIMEOUT_MS = 20_000;

const isDev = !app.isPackaged;
let booted: Booted | undefined;
let disposeIpc: (() => void) | undefined;
let state: 'running' | 'stopping' | 'stopped' = 'running';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
// Tests (tests/electron) run the app against a throwaway user-data folder.
if (process.env.REFLECT_USER_DATA_DIR) app.setPath('userData', path.resolve(process.env.REFLECT_USER_DATA_DIR));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  setLogSink(createFileLogSink(app.getPath('logs'), isDev || Boolean(process.env.REFLECT_DEBUG)));
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    attachNavigationGuards(contents, {
      isAllowedExternal: (url) => isAllowedExternalUrl(url, externalAllowlist(activeProjectUrl())),
      openExternal: (url) => shell.openExternal(url),
      log: (line) => log.warn(line),
      openPreview: (details) => openPreviewIfAsked(details, (options) => new BrowserWindow(options)),
    });
    contents.on('select-bluetooth-device', denyBluetoothSelection);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (booted && state === 'running' && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('before-quit', (event) => {
    if (!booted || state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_TIMEOUT_MS).unref());
    void Promise.race([booted.shutdown(), timeout])
      .catch((e: unknown) => log.error('Shutdown failed:', e))
      .finally(() => {
        state = 'stopped';
        disposeIpc?.();
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.whenReady().then(start, (e: unknown) => fatal(e));
}

function activeProjectUrl(): string | null {
  const registry = booted?.services.registry;
  const id = registry?.activeId();
  return (id && registry?.get(id)?.url) ?? null;
}

/** Hosted storage, every saved project's origin, and the embedded demo's gateway. */
function imageOrigins(): string[] {
  const origins = [HOSTED_STORAGE_SOURCE];
  for (const p of booted?.services.registry.list() ?? []) if (p.url) origins.push(p.url);
  origins.push(booted?.embedded.running()?.url ?? LOOPBACK_IMAGES);
  return origins;
}

async function start(): Promise<void> {
  try {
    applyPermissionPolicy(session.defaultSession);
    const userData = app.getPath('userData');
    const secrets = createSafeStorageSecretStore({ safeStorage, platform: process.platform, file: path.join(userData, 'secrets.json') });
    const store = new Store<Record<string, unknown>>({ name: 'profiles' });
    const profileStore = createElectronProfileStore({
      get: (key) => store.get(key),
      set: (key, value) => store.set(key, value),
      delete: (key) => store.delete(key),
    });
    booted = boot({
      mode: 'desktop',
      version: app.getVersion(),
      dataDir: userData,
      profileStore,
      secrets,
      openCache: (file) => openCacheDatabase(file, { log: (line: string) => log.info(line) }),
      saveTarget: createDialogSaveTarget(
        dialog,
        () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0],
        () => app.getPath('downloads'),
      ),
      log: (line) => log.debug(line),
    });
    registerAppProtocol(protocol, {
      rendererRoot: RENDERER_ROOT,
      contentSecurityPolicy: (nonce) => contentSecurityPolicy({ imageOrigins: imageOrigins(), ...(nonce ? { styleNonce: nonce } : {}) }),
    });
    disposeIpc = await installElectronIpc(booted.router, booted.services.events);
    Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate({ platform: process.platform, isDev })));
    createWindow();
  } catch (e) {
    fatal(e);
  }
}

function createWindow(): BrowserWindow {
  const icon = path.join(app.getAppPath(), 'resources', 'icon.png');
  const win = new BrowserWindow(createWindowOptions({ preloadPath: PRELOAD, devTools: isDev, ...(fs.existsSync(icon) ? { iconPath: icon } : {}) }));
  win.once('ready-to-show', () => win.show());
  win.webContents.on('render-process-gone', (_e, details) => log.error(`The window's renderer stopped: ${details.reason}.`));
  win.webContents.on('did-fail-load', (_e, code, description) => log.error(`The window failed to load (${code}): ${description}.`));
  void win.loadURL(APP_ENTRY_URL);
  return win;
}

function fatal(e: unknown): void {
  log.error('Reflect Admin could not start:', e);
  state = 'stopped';
  void (booted?.shutdown() ?? Promise.resolve()).finally(() => app.exit(1));
}
