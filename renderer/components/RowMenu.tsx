import { Fragment, useCallback, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { isTypingTarget, matchesShortcut, type ShortcutId } from '../lib/shortcuts.js';

export interface RowMenuItem {
  readonly label: string;
  readonly onSelect: () => void;
  /** A destructive action (Delete…): red, and set apart from the others. */
  readonly danger?: boolean;
  readonly disabled?: boolean;
  /** The row's key for it (renderer/lib/shortcuts.ts): Enter opens the row, Delete asks to delete it. */
  readonly shortcut?: RowKey;
}

export type RowKey = Extract<ShortcutId, 'rowOpen' | 'rowDelete'>;

/** Elements whose own Enter means something (follow the link, press the button): a row's Enter leaves them be. */
const OWN_ENTER = 'a[href], button, input, select, textarea, summary, [role="menuitem"]';

/**
 * The row key a key event asks for, if any: never while typing in a field; Enter only on the row itself or a part
 * of it with no Enter of its own (a link or the actions button keeps its own).
 */
export function rowKeyOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>, row: Element): RowKey | null {
  if (isTypingTarget(e.target)) return null;
  if (matchesShortcut('rowDelete', e)) return 'rowDelete';
  if (!matchesShortcut('rowOpen', e)) return null;
  const target = e.target instanceof Element ? e.target : null;
  return target && (target === row || !target.closest(OWN_ENTER) || !row.contains(target.closest(OWN_ENTER))) ? 'rowOpen' : null;
}

function Items({ items }: { readonly items: readonly RowMenuItem[] }) {
  return (
    <>
      {items.map((item, i) => (
        <Fragment key={item.label}>
          {item.danger && i > 0 ? <Menu.Separator className="row-menu-separator" /> : null}
          <Menu.Item
            className={item.danger ? 'row-menu-item row-menu-danger' : 'row-menu-item'}
            disabled={item.disabled}
            // The action runs after the menu has closed, so a dialog it opens takes the focus from a settled page.
            onSelect={() => setTimeout(item.onSelect, 0)}
          >
            {item.label}
          </Menu.Item>
        </Fragment>
      ))}
    </>
  );
}

interface Props {
  /** The trigger's accessible name, naming the row: 'Actions for ana@example.com'. */
  readonly label: string;
  readonly items: readonly RowMenuItem[];
  readonly testId?: string;
}

/**
 * A row's actions behind one "⋯" button (Radix DropdownMenu: arrow keys, Enter, Escape, focus back to the
 * button). The same items open at the pointer on right-click through useRowContextMenu.
 */
export function RowMenu({ label, items, testId }: Props) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="button button-ghost row-menu-trigger" aria-label={label} data-testid={testId} onClick={(e) => e.stopPropagation()}>
          <span aria-hidden="true">⋯</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="row-menu" align="end" sideOffset={4} aria-label={label} onClick={(e) => e.stopPropagation()}>
          <Items items={items} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

interface Open {
  readonly x: number;
  readonly y: number;
  readonly label: string;
  readonly items: readonly RowMenuItem[];
  readonly returnTo: HTMLElement | null;
}

/** What a right-click inside a list resolves to: the row under the pointer, its name and its actions. */
export interface RowTarget {
  readonly row: HTMLElement;
  readonly label: string;
  readonly items: readonly RowMenuItem[];
}

type Handlers = { onContextMenu: (e: MouseEvent<HTMLElement>) => void; onKeyDown: (e: KeyboardEvent<HTMLElement>) => void };

/**
 * A list's context menu: right-click (the native menu is suppressed), the ContextMenu key or Shift+F10 on a row
 * opens that row's items in a RowMenu at the pointer (or under the row, from the keyboard). Either put
 * `rowProps(label, items)` on each row, or `listProps(resolve)` once on the list, which finds the row of the
 * event's target. Render `menu` once beside the list.
 */
export function useRowContextMenu(): {
  readonly menu: ReactNode;
  readonly rowProps: (label: string, items: readonly RowMenuItem[]) => Handlers;
  readonly listProps: (resolve: (target: Element) => RowTarget | null) => Handlers;
} {
  const [open, setOpen] = useState<Open | null>(null);
  const listProps = useCallback(
    (resolve: (target: Element) => RowTarget | null): Handlers => ({
      onContextMenu: (e) => {
        const found = e.target instanceof Element ? resolve(e.target) : null;
        if (!found) return;
        e.preventDefault();
        e.stopPropagation();
        const fromKeyboard = e.clientX === 0 && e.clientY === 0;
        const at = fromKeyboard ? underRow(found.row) : { x: e.clientX, y: e.clientY };
        const active = document.activeElement;
        const focused = active instanceof HTMLElement && found.row.contains(active) ? active : found.row;
        setOpen({ ...at, label: found.label, items: found.items, returnTo: focused });
      },
      onKeyDown: (e) => {
        if (e.key !== 'ContextMenu' && !(e.key === 'F10' && e.shiftKey)) {
          // Enter and Delete on a focused row run its Open and Delete… items (the same dialog as the menu's).
          const found = e.target instanceof Element && !e.defaultPrevented ? resolve(e.target) : null;
          const key = found ? rowKeyOf(e, found.row) : null;
          const item = key ? found?.items.find((i) => i.shortcut === key && !i.disabled) : undefined;
          if (!item) return;
          e.preventDefault();
          e.stopPropagation();
          item.onSelect();
          return;
        }
        const found = e.target instanceof Element ? resolve(e.target) : null;
        if (!found) return;
        e.preventDefault();
        e.stopPropagation();
        const active = document.activeElement;
        setOpen({ ...underRow(found.row), label: found.label, items: found.items, returnTo: active instanceof HTMLElement ? active : found.row });
      },
    }),
    [],
  );
  const rowProps = useCallback(
    (label: string, items: readonly RowMenuItem[]): Handlers => {
      const handlers = (row: HTMLElement) => listProps(() => ({ row, label, items }));
      return {
        onContextMenu: (e) => handlers(e.currentTarget).onContextMenu(e),
        onKeyDown: (e) => handlers(e.currentTarget).onKeyDown(e),
      };
    },
    [listProps],
  );
  const menu = open ? (
    <Menu.Root
      key={`${open.x},${open.y},${open.label}`}
      open
      modal={false}
      onOpenChange={(o) => {
        if (o) return;
        const back = open.returnTo;
        setOpen(null);
        // Focus goes back to the row, unless the admin clicked somewhere else that took it.
        requestAnimationFrame(() => {
          if (document.activeElement === null || document.activeElement === document.body) back?.focus();
        });
      }}
    >
      <Menu.Trigger asChild>
        <span className="row-menu-anchor" aria-hidden="true" style={{ left: open.x, top: open.y }} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="row-menu" align="start" side="bottom" aria-label={open.label} onCloseAutoFocus={(e) => e.preventDefault()}>
          <Items items={open.items} />
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  ) : null;
  return { menu, rowProps, listProps };
}

const underRow = (row: HTMLElement) => {
  const r = row.getBoundingClientRect();
  return { x: r.left + 16, y: r.top + Math.min(r.height, 40) };
};
