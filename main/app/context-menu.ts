import type { MenuItemConstructorOptions } from 'electron';

/** The part of Electron's ContextMenuParams the menu reads. */
export interface ContextParams {
  readonly isEditable: boolean;
  readonly selectionText: string;
  readonly linkURL: string;
  readonly misspelledWord: string;
  readonly dictionarySuggestions: readonly string[];
  readonly editFlags: {
    readonly canCut: boolean;
    readonly canCopy: boolean;
    readonly canPaste: boolean;
    readonly canSelectAll: boolean;
  };
}

export interface ContextActions {
  copyText(text: string): void;
  replaceMisspelling(word: string): void;
}

const separator = { type: 'separator' } as const;
/** Spelling suggestions shown at most (macOS offers more than a menu should hold). */
const MAX_SUGGESTIONS = 5;

/**
 * The native context menu for where the pointer is: spelling suggestions (where the OS spellchecker offers them),
 * Cut, Copy, Paste and Select All in a field; Copy on selected text; Copy Link on a link. Anywhere else there is no
 * menu (null): list rows have their own menu in the page, which cancels the event so none of this runs there.
 */
export function contextMenuTemplate(params: ContextParams, actions: ContextActions): MenuItemConstructorOptions[] | null {
  const groups: MenuItemConstructorOptions[][] = [];
  if (params.linkURL) groups.push([{ label: 'Copy Link', click: () => actions.copyText(params.linkURL) }]);
  if (params.isEditable) {
    if (params.misspelledWord) {
      const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
      groups.push(
        suggestions.length
          ? suggestions.map((word) => ({ label: word, click: () => actions.replaceMisspelling(word) }))
          : [{ label: 'No Guesses Found', enabled: false }],
      );
    }
    const f = params.editFlags;
    groups.push([
      { role: 'cut', enabled: f.canCut },
      { role: 'copy', enabled: f.canCopy },
      { role: 'paste', enabled: f.canPaste },
    ]);
    groups.push([{ role: 'selectAll', enabled: f.canSelectAll }]);
  } else if (params.selectionText.trim()) {
    groups.push([{ role: 'copy' }]);
  }
  if (groups.length === 0) return null;
  return groups.flatMap((g, i) => (i === 0 ? g : [separator, ...g]));
}

/** The part of WebContents the context menu and the DevTools guard use (tests pass a fake). */
export interface MenuContents {
  on(event: 'context-menu', listener: (event: unknown, params: ContextParams) => void): unknown;
  on(event: 'devtools-opened', listener: () => void): unknown;
  replaceMisspelling(word: string): void;
  closeDevTools(): void;
}

export function attachContextMenu(contents: MenuContents, deps: { popup(template: MenuItemConstructorOptions[]): void; copyText(text: string): void }): void {
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, { copyText: deps.copyText, replaceMisspelling: (w) => contents.replaceMisspelling(w) });
    if (template) deps.popup(template);
  });
}

/** A packaged build has no DevTools (webPreferences.devTools is off too): should they open anyway, they close. */
export function guardDevTools(contents: Pick<MenuContents, 'on' | 'closeDevTools'>, isDev: boolean): void {
  if (isDev) return;
  contents.on('devtools-opened', () => contents.closeDevTools());
}
