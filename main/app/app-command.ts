import { isAppCommand, type AppCommand } from '../../shared/app-commands.js';
import { APP_COMMAND_CHANNEL } from '../../shared/contract/index.js';
import { isAppUrl } from './app-origin.js';

export interface CommandTarget {
  isDestroyed(): boolean;
  getURL(): string;
  send(channel: string, command: AppCommand): void;
}

/**
 * Sends one command of the closed list to the window, on its own channel, only while the window shows the app's
 * page (preload checks the id again). Returns whether it was sent.
 */
export function sendAppCommand(target: CommandTarget | undefined, command: AppCommand): boolean {
  if (!target || !isAppCommand(command)) return false;
  try {
    if (target.isDestroyed() || !isAppUrl(target.getURL())) return false;
    target.send(APP_COMMAND_CHANNEL, command);
    return true;
  } catch {
    // the window closing while we send
    return false;
  }
}
