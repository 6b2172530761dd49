/**
 * Commands that run in the renderer whether they come from the application menu (Electron, over one IPC channel),
 * the keyboard or the command palette: one closed list, so a menu item, its shortcut and its palette action cannot
 * drift apart, and main can only ask the renderer for one of these.
 */
export const APP_COMMANDS = ['refresh', 'settings', 'shortcuts', 'palette', 'find', 'back', 'forward'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

export function isAppCommand(value: unknown): value is AppCommand {
  return typeof value === 'string' && (APP_COMMANDS as readonly string[]).includes(value);
}
