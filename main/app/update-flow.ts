import {
  choiceOf,
  downloading,
  failure,
  progressValue,
  promptFor,
  unsupported,
  upToDate,
  type UpdateMessage,
  type UpdatePrompt,
  type UpdateSupport,
} from './update-rules.js';

/**
 * electron-updater's events applied to the rules of update-rules.ts (SECURITY.md U1): the launch check is silent
 * unless an update is downloaded, Help → Check for Updates says what it found; a download runs in the background
 * with progress; nothing is installed until the administrator chooses to restart now or on quit; a failure leaves
 * the installed version alone. Tested with the real electron-updater against a feed on the loopback
 * (tests/unit/updater-feed.test.ts) and with a fake one (tests/unit/updater-rules.test.ts).
 */

/** The part of electron-updater's AppUpdater this flow drives. */
export interface UpdaterPort {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  allowPrerelease: boolean;
  // electron-updater's (and EventEmitter's) own listener type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface UpdateUi {
  ask(prompt: UpdatePrompt): Promise<number>;
  tell(message: UpdateMessage): void;
  /** -1 clears the progress bar. */
  progress(value: number): void;
  log(line: string): void;
}

export interface UpdateFlow {
  check(source: 'launch' | 'menu'): Promise<void>;
  readonly state: () => 'idle' | 'checking' | 'downloading' | 'downloaded';
}

/** Downloads start by themselves, installs never do; no downgrade, no pre-release. */
export function configureUpdater(updater: UpdaterPort): void {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
}

export function createUpdateFlow(updater: UpdaterPort, ui: UpdateUi, currentVersion: string, support: UpdateSupport): UpdateFlow {
  let state: 'idle' | 'checking' | 'downloading' | 'downloaded' = 'idle';
  let manual = false;
  let downloaded: string | undefined;
  let asking = false;

  const offer = async (version: string) => {
    if (asking) return;
    asking = true;
    try {
      const choice = choiceOf(await ui.ask(promptFor(version, currentVersion)));
      ui.log(`Update ${version}: the administrator chose ${choice}.`);
      if (choice === 'restart') updater.quitAndInstall(false, true);
      else if (choice === 'on-quit') updater.autoInstallOnAppQuit = true;
    } finally {
      asking = false;
    }
  };

  if (support.supported) {
    configureUpdater(updater);
    updater.on('update-available', (info: { version: string }) => {
      state = 'downloading';
      ui.log(`Update ${info.version} found; downloading.`);
      if (manual) ui.tell(downloading(info.version));
    });
    updater.on('update-not-available', () => {
      state = 'idle';
      ui.log(`No update: ${currentVersion} is the latest.`);
      if (manual) ui.tell(upToDate(currentVersion));
    });
    updater.on('download-progress', (p: { percent: number }) => {
      if (state === 'downloading') ui.progress(progressValue(p.percent));
    });
    updater.on('update-downloaded', (info: { version: string }) => {
      state = 'downloaded';
      downloaded = info.version;
      ui.progress(-1);
      ui.log(`Update ${info.version} downloaded and verified.`);
      void offer(info.version);
    });
    updater.on('error', (error: Error) => {
      const phase = state === 'downloading' ? 'download' : 'check';
      state = downloaded ? 'downloaded' : 'idle';
      ui.progress(-1);
      ui.log(`Update ${phase} failed: ${error?.message ?? String(error)}`);
      if (manual) ui.tell(failure(error, phase, currentVersion));
    });
  }

  return {
    state: () => state,
    async check(source) {
      if (!support.supported) {
        if (source === 'menu') ui.tell(unsupported(support.reason));
        return;
      }
      manual = source === 'menu';
      if (state === 'downloaded' && downloaded) {
        if (manual) await offer(downloaded);
        return;
      }
      if (state === 'downloading' || state === 'checking') {
        if (manual) ui.tell({ kind: 'info', message: 'An update is already downloading.', detail: 'You will be asked before it is installed.' });
        return;
      }
      state = 'checking';
      // Failures of the check and of the download arrive as the 'error' event as well: the rejections need no second
      // report, but must be caught (an unhandled one would end main).
      const result = (await updater.checkForUpdates().catch(() => undefined)) as { downloadPromise?: Promise<unknown> | null } | null | undefined;
      void result?.downloadPromise?.catch(() => undefined);
      if (state === 'checking') state = 'idle';
    },
  };
}
