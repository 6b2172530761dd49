import path from 'node:path';
import type { BrowserWindow } from 'electron';
import { app, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import { log } from '../ground/log.js';
import { createUpdateFlow, type UpdateFlow, type UpdaterPort } from './update-flow.js';
import { updateSupport } from './update-rules.js';

/**
 * Electron wiring of the updater (SECURITY.md U1): electron-updater's autoUpdater reads the feed electron-builder
 * wrote into the app (app-update.yml: this repository's GitHub Releases) and checks each download's sha512 against
 * the release's latest*.yml; the decisions are in update-flow.ts and update-rules.ts. The prompt is a native dialog
 * on the main window; progress shows on its taskbar/dock entry.
 */
export function startUpdater(window: () => BrowserWindow | undefined): UpdateFlow {
  const support = updateSupport({
    isPackaged: app.isPackaged,
    platform: process.platform,
    appImage: process.env.APPIMAGE,
    userData: app.getPath('userData'),
    installDir: path.dirname(app.getPath('exe')),
  });
  if (!support.supported) log.info(`Updates: ${support.reason}`);
  const updater = electronUpdater.autoUpdater as unknown as UpdaterPort;
  electronUpdater.autoUpdater.logger = {
    info: (m) => log.debug(`updater: ${String(m)}`),
    warn: (m) => log.warn(`updater: ${String(m)}`),
    error: (m) => log.error(`updater: ${String(m)}`),
    debug: () => undefined,
  };
  return createUpdateFlow(
    updater,
    {
      ask: async (prompt) => {
        const win = window();
        const options = {
          type: 'info' as const,
          title: prompt.title,
          message: prompt.message,
          detail: prompt.detail,
          buttons: [...prompt.buttons],
          defaultId: prompt.defaultId,
          cancelId: prompt.cancelId,
          noLink: true,
        };
        return (win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options)).response;
      },
      tell: (m) => {
        const win = window();
        const options = {
          type: m.kind === 'error' ? ('error' as const) : ('info' as const),
          title: 'Updates',
          message: m.message,
          ...(m.detail ? { detail: m.detail } : {}),
          buttons: ['OK'],
        };
        void (win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options));
      },
      progress: (value) => window()?.setProgressBar(value),
      log: (line) => log.info(line),
    },
    app.getVersion(),
    support,
  );
}
