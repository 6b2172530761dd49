import type { BrowserWindow, Dialog } from 'electron';
import type { SaveTarget } from '../files/save-target.js';

/** The desktop app's SaveTarget: the native save dialog, attached to the focused window. */
export function createDialogSaveTarget(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BrowserWindow | undefined,
  defaultFolder: () => string,
): SaveTarget {
  return {
    async choose({ defaultName, filters }) {
      const options = {
        defaultPath: `${defaultFolder()}/${defaultName}`,
        filters: filters.map((f) => ({ name: f.name, extensions: [...f.extensions] })),
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      };
      const win = window();
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? undefined : result.filePath;
    },
  };
}
