import type { SavedFile } from '../../shared/contract/export.js';
import type { Result } from '../../shared/contract/result.js';
import { adminApi } from '../api/bridge.js';
import { notify, type ToastAction } from './Toaster.js';

/** How long a saved file's toast stays, so its buttons can be reached by keyboard (F8 moves to the toasts). */
const SAVED_TOAST_SECONDS = 12;

const failed = (label: string) => (answer: Result<unknown>) => {
  if (!answer.ok) notify.error(`${label} failed`, answer.message);
};

/**
 * The toast of a file main saved. In the desktop app it offers Show in Folder and Open, which send main the file's
 * token only (main alone knows the path); in browser mode, which has no file manager, the description names the
 * folder (`savedIn` for a download's toast; an export's description already says where it went).
 */
export function notifySaved(title: string, description: string | undefined, file: SavedFile): void {
  const token = file.token;
  if (token === null) {
    notify.success(title, description);
    return;
  }
  const show: ToastAction = {
    label: 'Show in Folder',
    seconds: SAVED_TOAST_SECONDS,
    onClick: () => void adminApi().app.showSavedFile({ token }).then(failed('Show in Folder')),
  };
  const open: ToastAction = { label: 'Open', onClick: () => void adminApi().app.openSavedFile({ token }).then(failed('Open')) };
  notify.success(title, description, show, [open]);
}

/** A download's toast text: its file name, and in browser mode the folder it was saved in. */
export function savedIn(fileName: string, file: SavedFile): string {
  return file.token === null ? `${fileName} saved in ${file.folder}` : fileName;
}
