import path from 'node:path';

/**
 * The updater's decisions (SECURITY.md U1), plain functions over plain values so they are unit-tested
 * (tests/unit/updater-rules.test.ts): whether this install updates itself, what the administrator is asked and
 * told, and what their answer means. main/app/update-flow.ts applies them to electron-updater's events;
 * main/app/updater.ts is the Electron wiring.
 */
export interface InstallFacts {
  readonly isPackaged: boolean;
  readonly platform: NodeJS.Platform;
  /** Set by the AppImage runtime to the AppImage's path; absent for the deb and a development run. */
  readonly appImage: string | undefined;
  readonly userData: string;
  /** The folder the program is installed in (replaced by an update). */
  readonly installDir: string;
}

export type UpdateSupport = { readonly supported: true } | { readonly supported: false; readonly reason: string };

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function updateSupport(f: InstallFacts): UpdateSupport {
  if (!f.isPackaged) return { supported: false, reason: 'This is a development run: updates apply to installed releases only.' };
  if (f.platform === 'linux' && !f.appImage)
    return { supported: false, reason: 'Installed from the .deb package, which does not update itself: install the new .deb from the releases page.' };
  // An update replaces the program's folder: data kept there would go with it, so such an install never updates.
  if (inside(f.userData, f.installDir))
    return { supported: false, reason: `The data folder (${f.userData}) is inside the program's folder, which an update replaces: updates are off.` };
  return { supported: true };
}

export type UpdateChoice = 'restart' | 'on-quit' | 'later';

export interface UpdatePrompt {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  /** In this order; the index of the chosen button maps to choiceOf(). */
  readonly buttons: readonly string[];
  readonly defaultId: number;
  readonly cancelId: number;
}

export const UPDATE_BUTTONS = ['Restart now', 'Install when I quit', 'Not now'] as const;

export function promptFor(newVersion: string, currentVersion: string): UpdatePrompt {
  return {
    title: 'Update ready',
    message: `Reflect Admin ${newVersion} is ready to install.`,
    detail:
      `You have ${currentVersion}. Restarting closes the window and the demo backend, installs ${newVersion} and opens it again. ` +
      'Connection profiles, saved keys, caches and audit logs are kept.',
    buttons: UPDATE_BUTTONS,
    defaultId: 0,
    cancelId: 2,
  };
}

/** A closed or unknown answer never installs. */
export function choiceOf(buttonIndex: number): UpdateChoice {
  return buttonIndex === 0 ? 'restart' : buttonIndex === 1 ? 'on-quit' : 'later';
}

export interface UpdateMessage {
  readonly kind: 'info' | 'error';
  readonly message: string;
  readonly detail?: string;
}

export function upToDate(currentVersion: string): UpdateMessage {
  return { kind: 'info', message: `Reflect Admin ${currentVersion} is the latest version.` };
}

export function downloading(newVersion: string): UpdateMessage {
  return {
    kind: 'info',
    message: `Reflect Admin ${newVersion} is available.`,
    detail: 'It is downloading in the background; you will be asked before it is installed.',
  };
}

export function unsupported(reason: string): UpdateMessage {
  return { kind: 'info', message: 'This copy of Reflect Admin does not update itself.', detail: reason };
}

/** electron-updater's error, in one line the administrator can act on; the installed version is untouched. */
export function failure(error: unknown, phase: 'check' | 'download', currentVersion: string): UpdateMessage {
  const raw = error instanceof Error ? error.message : String(error);
  const first = raw.split('\n')[0]?.trim() ?? '';
  const reason = /sha512 checksum mismatch/i.test(raw)
    ? 'the downloaded file does not match the release’s digest, so it was refused'
    : /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|net::ERR_/i.test(raw)
      ? 'the update server could not be reached'
      : first || 'unknown error';
  return {
    kind: 'error',
    message: phase === 'check' ? 'Could not check for updates.' : 'The update could not be downloaded.',
    detail: `${reason[0]!.toUpperCase()}${reason.slice(1)}. Reflect Admin ${currentVersion} stays installed and works as before.`,
  };
}

/** The window's progress bar: a fraction in [0, 1], or -1 to clear it (Electron's convention). */
export function progressValue(percent: number | null): number {
  if (percent === null || !Number.isFinite(percent)) return -1;
  return Math.min(1, Math.max(0, percent / 100));
}
