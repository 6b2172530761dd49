import { LEAVE_QUESTION } from '../../shared/rules/common/unsaved.js';

/** The part of WebContents used here (tests pass a fake). */
export interface UnloadContents {
  on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown;
}

/** Leave (close anyway) or Stay, asked with the window's own leave question. */
export const UNLOAD_QUESTION = {
  type: 'question',
  buttons: ['Leave', 'Stay'],
  defaultId: 1,
  cancelId: 1,
  title: 'Unsaved changes',
  message: LEAVE_QUESTION,
} as const;

/**
 * Closing or reloading the window while an editor has unsaved changes: the page's beforeunload (renderer/lib/
 * leave-guard.ts) cancels it, and Electron, unlike a browser, shows nothing and just keeps the window open. Main
 * asks instead; Leave lets the window close (preventDefault here overrides the page's refusal), Stay keeps it.
 */
export function askBeforeUnload(contents: UnloadContents, ask: () => boolean): void {
  contents.on('will-prevent-unload', (event) => {
    if (ask()) event.preventDefault();
  });
}
