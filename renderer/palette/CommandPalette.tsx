import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { Modal } from '../components/Modal.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PALETTE_KIND_LABELS, PALETTE_QUERY_MAX, type PaletteItem } from '../../shared/rules/palette/kinds.js';
import { matchesShortcut, SHORTCUTS } from '../lib/shortcuts.js';
import { KeyCombo } from './KeyCombo.js';
import { errorText } from '../lib/op-error-text.js';
import type { AppCommandHandlers } from '../lib/app-commands.js';
import { screenActionState } from '../lib/screen-actions.js';
import { useSignOut } from '../auth/SignOutButton.js';
import { matchScreens } from './screen-matches.js';
import { actionCombo, matchActions, type PaletteAction } from './actions.js';

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly commands: AppCommandHandlers;
}

interface Option {
  readonly key: string;
  readonly kind: string;
  readonly title: string;
  readonly subtitle: string;
  readonly route?: string;
  readonly entity?: PaletteItem;
  readonly action?: PaletteAction;
  /** The keyboard shortcut that does the same, shown beside it. */
  readonly combo?: string;
}

/** A screen's go-to sequence (G then U for Users), shown beside it. */
const GO_TO_COMBO: ReadonlyMap<string, string> = new Map(
  Object.values(SHORTCUTS).flatMap((s) => ('route' in s && typeof s.route === 'string' ? [[s.route, s.combos[0]] as const] : [])),
);

/**
 * The command palette: a combobox over a listbox (aria-activedescendant, so focus stays in the box while
 * Up/Down move), screens and actions matched here by name and entities found by main. Recent entities first,
 * then screens, then actions, then the other entities. Enter or a click opens or runs; main remembers an opened
 * entity as recent. It opens near the top of the window and grows downwards only, and its list shows whole rows.
 */
export function CommandPalette({ open, onClose, commands }: Props) {
  const signOut = useSignOut();
  const opened = useWriteOp('palette', 'opened');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const navigate = useNavigate();
  const listRef = useRef<HTMLUListElement>(null);
  const search = useOp('palette', 'search', { query: query.trim() }, { enabled: open, placeholderData: keepPreviousData, staleTime: 0 });

  const options = useMemo<Option[]>(() => {
    // While the answer for the text typed is on its way, the previous answer stays (no jump), but only its items
    // that still match what is typed: Enter must never open a result of the text as it was.
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const stillMatches = (i: PaletteItem) => words.every((w) => `${i.title} ${i.subtitle}`.toLowerCase().includes(w));
    const items = (search.data?.data.items ?? []).filter((i) => !search.isPlaceholderData || stillMatches(i));
    const entity = (i: PaletteItem): Option => ({
      key: `${i.kind}:${i.id}`,
      kind: PALETTE_KIND_LABELS[i.kind],
      title: i.title,
      subtitle: i.subtitle,
      route: i.route,
      entity: i,
    });
    const screens = matchScreens(query).map((s): Option => ({
      key: `screen:${s.path}`,
      kind: PALETTE_KIND_LABELS.screen,
      title: s.title,
      subtitle: s.group ?? '',
      route: s.path,
      combo: GO_TO_COMBO.get(s.path),
    }));
    const actions = matchActions(query).map((a): Option => ({
      key: `action:${a.id}`,
      kind: 'Action',
      title: a.title,
      subtitle: '',
      action: a,
      combo: actionCombo(a),
    }));
    return [...items.filter((i) => i.recent).map(entity), ...screens, ...actions, ...items.filter((i) => !i.recent).map(entity)];
  }, [search.data, search.isPlaceholderData, query]);

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);
  const current = options[Math.min(active, options.length - 1)];
  useEffect(() => {
    if (current) document.getElementById(optionId(listId, current.key))?.scrollIntoView({ block: 'nearest' });
  }, [current, listId]);

  const choose = (o: Option | undefined) => {
    if (!o) return;
    onClose();
    if (o.action) {
      const run = o.action.run;
      if ('command' in run) commands[run.command]();
      else if ('signOut' in run) signOut.run();
      else void navigate(run.route, run.screenAction ? { state: screenActionState(run.screenAction) } : undefined);
      return;
    }
    if (o.route) void navigate(o.route);
    // Through the write hook so the contract's invalidation runs: a palette opened again before this reached main
    // would otherwise keep an answer without the new recent item.
    if (o.entity) opened.mutate({ kind: o.entity.kind, id: o.entity.id });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    if (matchesShortcut('paletteOpen', e)) {
      e.preventDefault();
      choose(current);
    } else if (matchesShortcut('paletteMove', e) && n > 0) {
      e.preventDefault();
      setActive((a) => (Math.min(a, n - 1) + (e.key === 'ArrowDown' ? 1 : -1) + n) % n);
    } else if (matchesShortcut('paletteEnds', e) && n > 0 && (e.ctrlKey || query === '')) {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : n - 1);
    }
  };

  const status = search.isError
    ? errorText(search.error)
    : options.length === 0
      ? search.isFetching
        ? 'Searching…'
        : query.trim() === ''
          ? 'Type the name of a screen, an e-mail, an id, a coach, a link or a feedback title.'
          : 'No results.'
      : `${options.length} result${options.length === 1 ? '' : 's'}`;

  return (
    <Modal open={open} title="Command palette" width="640px" placement="top" onClose={onClose} testId="command-palette">
      <div className="palette">
        <input
          className="palette-input"
          role="combobox"
          aria-label="Search screens and items"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(listId, current.key) : undefined}
          placeholder="Go to a screen, a user, a coach…"
          maxLength={PALETTE_QUERY_MAX}
          value={query}
          spellCheck={false}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <p className="palette-status muted" role="status" aria-live="polite">
          {status}
        </p>
        <ul className="palette-list" role="listbox" id={listId} aria-label="Results" ref={listRef}>
          {options.map((o, i) => (
            <li
              key={o.key}
              id={optionId(listId, o.key)}
              role="option"
              aria-selected={o === current}
              className={o === current ? 'palette-option active' : 'palette-option'}
              onMouseMove={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
            >
              <span className="palette-title" title={o.title}>
                {o.title}
              </span>
              {o.subtitle ? (
                <span className="palette-subtitle muted" title={o.subtitle}>
                  {o.subtitle}
                </span>
              ) : null}
              <span className="palette-kind">
                {o.combo ? (
                  <span className="palette-combo">
                    <KeyCombo combo={o.combo} />
                  </span>
                ) : null}
                {o.entity?.recent ? `Recent ${o.kind.toLowerCase()}` : o.kind}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}

function optionId(listId: string, key: string): string {
  return `${listId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
