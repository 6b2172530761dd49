import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, clipboard, dialog, Menu, nativeTheme, Notification, protocol, safeStorage, screen, session, shell } from 'electron';
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
import { showAbout } from './about.js';
import { sendAppCommand } from './app-command.js';
import { attachContextMenu, guardDevTools } from './context-menu.js';
import { UNLOAD_QUESTION, askBeforeUnload } from './unload-question.js';
import { DEEP_LINK_MESSAGES, DEEP_LINK_SCHEME, deepLinkInArgv } from './deep-link.js';
import { bringForward, createLinkReceiver, onSecondInstance } from './single-instance.js';
import { attachNavigationGuards } from './navigation.js';
import { openPreviewIfAsked } from './preview-window.js';
import { applyPermissionPolicy, denyBluetoothSelection } from './permissions.js';
import { createElectronProfileStore } from './profile-store.js';
import { APP_SCHEME_PRIVILEGES, registerAppProtocol } from './protocol.js';
import { createSafeStorageSecretStore } from './secret-store.js';
import { createWindowOptions, WINDOW_SIZE } from './window-options.js';
import { parseWindowState, placeWindow, trackWindowState } from './window-state.js';
import { createDialogSaveTarget } from './save-dialog.js';
import { createLongWorkShell } from './long-work-shell.js';
import type { AppCommand } from '../../shared/app-commands.js';
import { shownScheme, THEME_BACKGROUNDS, type Theme } from '../../shared/rules/appearance/theme.js';
import { startUpdater } from './updater.js';
import type { UpdateFlow } from './update-flow.js';

/** The Electron entry (bundled to dist/main/electron.js): lifecycle and wiring only. */
const here = path.dirname(fileURLToPath(import.meta.url)); // dist/main
const dist = path.resolve(here, '..');
const PRELOAD = path.join(dist, 'preload', 'index.cjs');
const RENDERER_ROOT = path.join(dist, 'renderer');
/** The embedded demo's gateway listens on a new loopback port at each start. */
const LOOPBACK_IMAGES = 'http://127.0.0.1:*';
const SHUTDOWN_TIMEOUT_MS = 20_000;
const APP_NAME = 'Reflect Admin';

const isDev = !app.isPackaged;
let booted: Booted | undefined;
let disposeIpc: (() => void) | undefined;
let state: 'running' | 'stopping' | 'stopped' = 'running';

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();
// Tests (tests/electron) run the app against a throwaway user-data folder.
if (process.env.REFLECT_USER_DATA_DIR) app.setPath('userData', path.resolve(process.env.REFLECT_USER_DATA_DIR));

const links = createLinkReceiver({
  offer: (route) => booted?.services.deepLinks.offer(route),
  refuse: (message) => {
    log.warn(`Refused a ${DEEP_LINK_SCHEME}:// link: ${message}`);
    const options = { type: 'warning' as const, message: DEEP_LINK_MESSAGES.title, detail: message };
    const win = mainWindow();
    void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
  },
  bringForward: () => bringForward(mainWindow()),
});

// A second launch hands its command line (and the link on it) to the first and exits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  setLogSink(createFileLogSink(app.getPath('logs'), isDev || Boolean(process.env.REFLECT_DEBUG)));
  app.on('second-instance', (_event, argv) => onSecondInstance(argv, { bringForward: () => bringForward(mainWindow()), receive: links.receive }));
  // macOS hands links to the running app, also the one it starts for the link (before 'ready').
  app.on('open-url', (event, url) => {
    event.preventDefault();
    links.receive(url);
  });
  // Installers declare the scheme (electron-builder.yml protocols: macOS's Info.plist, the Linux .desktop entry);
  // Windows' nsis does not, and an AppImage has no installer, so the packaged app registers itself for the current
  // user there. A development run leaves the registration alone.
  if (app.isPackaged && process.platform !== 'darwin') app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
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
      warmConnections: true,
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
      // A saved file's Show in Folder and Open: main looks the token up; the window never sends a path.
      fileShell: { showItemInFolder: (file) => shell.showItemInFolder(file), openPath: (file) => shell.openPath(file) },
      longWork: createLongWorkShell({
        notifications: { isSupported: () => Notification.isSupported(), create: (options) => new Notification(options) },
        window: () => mainWindow(),
        // The screen the work was started from opens as an accepted link's does (the window takes it once signed in).
        openRoute: (route) => booted?.services.deepLinks.offer(route),
      }),
      log: (line) => log.debug(line),
    });
    registerAppProtocol(protocol, {
      rendererRoot: RENDERER_ROOT,
      contentSecurityPolicy: (nonce) => contentSecurityPolicy({ imageOrigins: imageOrigins(), ...(nonce ? { styleNonce: nonce } : {}) }),
    });
    disposeIpc = await installElectronIpc(booted.router, booted.services.events);
    // Before the window exists: its first frame is already in the remembered theme (no white flash in dark).
    applyTheme(booted.services.preferences.theme());
    booted.services.events.subscribe((event) => event.type === 'theme-changed' && applyTheme(event.theme));
    Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(menuOptions())));
    createWindow();
    const launchLink = deepLinkInArgv(process.argv);
    if (launchLink) links.receive(launchLink);
    links.ready();
    // Checks the release feed once the window is up; asks before installing anything (main/app/updater.ts).
    void updater().check('launch');
  } catch (e) {
    fatal(e);
  }
}

let updateFlow: UpdateFlow | undefined;
/** One update flow per run, made when first needed: the launch check or Help → Check for Updates. */
function updater(): UpdateFlow {
  return (updateFlow ??= startUpdater(() => mainWindow()));
}

function mainWindow(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
}

function menuOptions() {
  return {
    platform: process.platform,
    isDev,
    appName: APP_NAME,
    send: (command: AppCommand) => void sendAppCommand(mainWindow()?.webContents, command),
    showAbout: () => {
      const versions = { app: app.getVersion(), electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node };
      void showAbout(APP_NAME, versions, {
        show: async (options) => {
          const win = mainWindow();
          return (win ? await dialog.showMessageBox(win, { type: 'info', ...options }) : await dialog.showMessageBox({ type: 'info', ...options })).response;
        },
        copy: (text) => clipboard.writeText(text),
      });
    },
    openLogsFolder: () => void shell.openPath(app.getPath('logs')).then((error) => error && log.warn(`The logs folder could not be opened: ${error}`)),
    onCheckForUpdates: () => void updater().check('menu'),
  };
}

let windowStore: Store<Record<string, unknown>> | undefined;

/** nativeTheme.themeSource makes the page's prefers-color-scheme follow the choice; the background matches it. */
function applyTheme(theme: Theme): void {
  nativeTheme.themeSource = theme;
  for (const win of BrowserWindow.getAllWindows()) win.setBackgroundColor(themeBackground());
}

function themeBackground(): string {
  return THEME_BACKGROUNDS[shownScheme(nativeTheme.themeSource, nativeTheme.shouldUseDarkColors)];
}

function createWindow(): BrowserWindow {
  const icon = path.join(app.getAppPath(), 'resources', 'icon.png');
  windowStore ??= new Store<Record<string, unknown>>({ name: 'window-state' });
  const saved = parseWindowState(windowStore.get('state'));
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)];
  const win = new BrowserWindow(
    createWindowOptions({
      preloadPath: PRELOAD,
      devTools: isDev,
      platform: process.platform,
      bounds: placeWindow(saved?.bounds, displays, WINDOW_SIZE),
      backgroundColor: themeBackground(),
      ...(fs.existsSync(icon) ? { iconPath: icon } : {}),
    }),
  );
  trackWindowState(win, (state) => windowStore?.set('state', state));
  if (saved?.zoomLevel) win.webContents.once('did-finish-load', () => win.webContents.setZoomLevel(saved.zoomLevel));
  attachContextMenu(win.webContents, {
    popup: (template) => Menu.buildFromTemplate(template).popup({ window: win }),
    copyText: (text) => clipboard.writeText(text),
  });
  guardDevTools(win.webContents, isDev);
  askBeforeUnload(win.webContents, () => dialog.showMessageBoxSync(win, { ...UNLOAD_QUESTION, buttons: [...UNLOAD_QUESTION.buttons] }) === 0);
  win.once('ready-to-show', () => {
    // maximize() shows a hidden window, so it waits for the first paint like show() does.
    if (saved?.maximized) win.maximize();
    win.show();
  });
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
