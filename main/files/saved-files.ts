/**
 * The files main saved this session (exports, downloads), each under an opaque random token, so a toast's Show in
 * Folder and Open send the token alone and main alone knows the path (F1: the window never names a file). Tokens
 * live as long as the process and the last MAX_REMEMBERED of them; an older or unknown one is refused plainly.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SavedFile } from '../../shared/contract/export.js';
import { AppError } from '../ground/errors.js';
import type { SaveTarget } from './save-target.js';

/** The desktop shell's file manager (Electron's shell module); browser mode has none. */
export interface FileShell {
  showItemInFolder(fullPath: string): void;
  /** Resolves with an error message, or '' when the file opened. */
  openPath(fullPath: string): Promise<string>;
}

export const MAX_REMEMBERED = 200;
export const SAVED_FILE_MESSAGES = {
  unknown: 'That saved file is no longer known to Reflect Admin (files are remembered until it quits). Find it in its folder instead.',
  gone: (name: string) => `${name} is no longer where it was saved; it was moved or deleted.`,
  notHere: 'Files are shown and opened only in the desktop app.',
  openFailed: (name: string, why: string) => `${name} could not be opened: ${why}`,
} as const;

export class SavedFiles {
  private readonly paths = new Map<string, string>();

  constructor(private readonly shell: FileShell | undefined) {}

  /** Remembers a file main has just written; the answer is what the window may know of it. */
  remember(fullPath: string): SavedFile {
    const folder = path.dirname(fullPath);
    if (!this.shell) return { folder, token: null };
    const token = crypto.randomBytes(16).toString('base64url');
    this.paths.set(token, fullPath);
    if (this.paths.size > MAX_REMEMBERED) this.paths.delete(this.paths.keys().next().value!);
    return { folder, token };
  }

  showInFolder(token: string): void {
    const { shell, file } = this.find(token);
    shell.showItemInFolder(file);
  }

  async open(token: string): Promise<void> {
    const { shell, file } = this.find(token);
    const error = await shell.openPath(file);
    if (error) throw new AppError('PRECONDITION_FAILED', SAVED_FILE_MESSAGES.openFailed(path.basename(file), error));
  }

  private find(token: string): { shell: FileShell; file: string } {
    if (!this.shell) throw new AppError('PRECONDITION_FAILED', SAVED_FILE_MESSAGES.notHere);
    const file = this.paths.get(token);
    if (!file) throw new AppError('NOT_FOUND', SAVED_FILE_MESSAGES.unknown);
    if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', SAVED_FILE_MESSAGES.gone(path.basename(file)));
    return { shell: this.shell, file };
  }
}

/** What services save through: where to write (the shell's SaveTarget), and what the window may know of the file. */
export interface FileSaver extends SaveTarget {
  saved(fullPath: string): SavedFile;
}

export function fileSaver(target: SaveTarget, files: SavedFiles): FileSaver {
  return { choose: (request) => target.choose(request), saved: (fullPath) => files.remember(fullPath) };
}
