import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { attachContextMenu, contextMenuTemplate, guardDevTools, type ContextParams, type MenuContents } from '../../main/app/context-menu.js';

const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
const params = (p: Partial<ContextParams> = {}): ContextParams => ({
  isEditable: false,
  selectionText: '',
  linkURL: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: flags,
  ...p,
});
const shape = (t: MenuItemConstructorOptions[] | null) => t?.map((i) => i.label ?? i.role ?? i.type) ?? null;
const actions = () => ({ copyText: vi.fn(), replaceMisspelling: vi.fn() });

describe('the context menu', () => {
  it('offers Cut, Copy, Paste and Select All in a field, enabled as the field allows', () => {
    expect(shape(contextMenuTemplate(params({ isEditable: true }), actions()))).toEqual(['cut', 'copy', 'paste', 'separator', 'selectAll']);
    const t = contextMenuTemplate(params({ isEditable: true, editFlags: { ...flags, canCut: false, canCopy: false } }), actions());
    expect(t?.filter((i) => i.role).map((i) => [i.role, i.enabled])).toEqual([
      ['cut', false],
      ['copy', false],
      ['paste', true],
      ['selectAll', true],
    ]);
  });

  it('puts the spellchecker’s suggestions first on a misspelled word, and replaces it with the one chosen', () => {
    const a = actions();
    const t = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'recieve', dictionarySuggestions: ['receive', 'relieve'] }), a);
    expect(shape(t)).toEqual(['receive', 'relieve', 'separator', 'cut', 'copy', 'paste', 'separator', 'selectAll']);
    (t?.[0]?.click as unknown as () => void)();
    expect(a.replaceMisspelling).toHaveBeenCalledWith('receive');
    const none = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'qzx' }), a);
    expect(none?.[0]).toMatchObject({ label: 'No Guesses Found', enabled: false });
    const many = contextMenuTemplate(params({ isEditable: true, misspelledWord: 'x', dictionarySuggestions: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }), a);
    expect(many?.findIndex((i) => i.type === 'separator')).toBe(5);
  });

  it('offers Copy on selected text outside a field', () => {
    expect(shape(contextMenuTemplate(params({ selectionText: 'admin@reflect.local' }), actions()))).toEqual(['copy']);
  });

  it('offers Copy Link on a link, which copies its address', () => {
    const a = actions();
    const t = contextMenuTemplate(params({ linkURL: 'https://reflect.app/privacy' }), a);
    expect(shape(t)).toEqual(['Copy Link']);
    (t?.[0]?.click as unknown as () => void)();
    expect(a.copyText).toHaveBeenCalledWith('https://reflect.app/privacy');
    expect(shape(contextMenuTemplate(params({ linkURL: 'https://x.example/', selectionText: 'x' }), a))).toEqual(['Copy Link', 'separator', 'copy']);
  });

  it('shows nothing where there is no text, field or link (a row’s own menu is the page’s)', () => {
    expect(contextMenuTemplate(params(), actions())).toBeNull();
    expect(contextMenuTemplate(params({ selectionText: '  \n' }), actions())).toBeNull();
  });

  it('pops the menu up from the window’s context-menu event, and nothing when there is none', () => {
    const contents = Object.assign(new EventEmitter(), { replaceMisspelling: vi.fn(), closeDevTools: vi.fn() });
    const popup = vi.fn();
    attachContextMenu(contents as unknown as MenuContents, { popup, copyText: vi.fn() });
    contents.emit('context-menu', {}, params());
    expect(popup).not.toHaveBeenCalled();
    contents.emit('context-menu', {}, params({ isEditable: true, misspelledWord: 'teh', dictionarySuggestions: ['the'] }));
    expect(popup).toHaveBeenCalledTimes(1);
    (popup.mock.calls[0]?.[0]?.[0]?.click as () => void)();
    expect(contents.replaceMisspelling).toHaveBeenCalledWith('the');
  });
});

describe('DevTools in a packaged build', () => {
  it('closes them if they open anyway; a development build keeps them', () => {
    const contents = Object.assign(new EventEmitter(), { closeDevTools: vi.fn() });
    guardDevTools(contents as unknown as MenuContents, false);
    contents.emit('devtools-opened');
    expect(contents.closeDevTools).toHaveBeenCalledTimes(1);
    const dev = Object.assign(new EventEmitter(), { closeDevTools: vi.fn() });
    guardDevTools(dev as unknown as MenuContents, true);
    dev.emit('devtools-opened');
    expect(dev.closeDevTools).not.toHaveBeenCalled();
  });
});
