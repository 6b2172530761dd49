/** What Help → About says: the versions a bug report needs, one per line, so Copy puts them on the clipboard as shown. */
export interface AboutVersions {
  readonly app: string;
  readonly electron?: string;
  readonly chrome?: string;
  readonly node?: string;
}

export function aboutDetail(v: AboutVersions): string {
  return [`Version ${v.app}`, `Electron ${v.electron ?? 'unknown'}`, `Chromium ${v.chrome ?? 'unknown'}`, `Node.js ${v.node ?? 'unknown'}`].join('\n');
}

export interface AboutDialog {
  /** Resolves with the index of the button chosen. */
  show(options: { title: string; message: string; detail: string; buttons: string[]; defaultId: number; cancelId: number }): Promise<number>;
  copy(text: string): void;
}

export const ABOUT_BUTTONS = ['Copy', 'OK'];

/** Shows the About box; Copy puts the app name and every version on the clipboard. */
export async function showAbout(appName: string, versions: AboutVersions, dialog: AboutDialog): Promise<void> {
  const detail = aboutDetail(versions);
  const chosen = await dialog.show({ title: `About ${appName}`, message: appName, detail, buttons: ABOUT_BUTTONS, defaultId: 1, cancelId: 1 });
  if (chosen === 0) dialog.copy(`${appName}\n${detail}`);
}
