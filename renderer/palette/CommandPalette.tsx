import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import { Modal } from '../components/Modal.js';
import { callOp, useOp } from '../api/hooks.js';
import { PALETTE_KIND_LABELS, PALETTE_QUERY_MAX, type PaletteItem } from '../../shared/rules/palette/kinds.js';
import { matchesShortcut } from '../lib/shortcuts.js';
import { errorText } from '../lib/op-error-text.js';
import { matchScreens } from './screen-matches.js';

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
}

interface Option {
  readonly key: string;
  readonly kind: string;
  readonly title: string;
  readonly subtitle: string;
  readonly route: string;
  readonly entity?: PaletteItem;
}

/**
 * The command palette: a combobox over a listbox (aria-activedescendant, so focus stays in the box while
 * Up/Down move), screens matched here by name and entities found by main. Recent entities first, then screens,
 * then the other entities. Enter or a click opens; main remembers the entity as recent.
 */
export function CommandPalette({ open, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const navigate = useNavigate();
  const listRef = useRef<HTMLUListElement>(null);
  const search = useOp('palette', 'search', { query: query.trim() }, { enabled: open, placeholderData: keepPreviousData, staleTime: 0 });

  const options = useMemo<Option[]>(() => {
    const items = search.data?.data.items ?? [];
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
    }));
    return [...items.filter((i) => i.recent).map(entity), ...screens, ...items.filter((i) => !i.recent).map(entity)];
  }, [search.data, query]);

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
    void navigate(o.route);
    if (o.entity) void callOp('palette', 'opened', { kind: o.entity.kind, id: o.entity.id }).catch(() => undefined);
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
    <Modal open={open} title="Command palette" width="640px" onClose={onClose} testId="command-palette">
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
              <span className="palette-title">{o.title}</span>
              {o.subtitle ? <span className="palette-subtitle muted">{o.subtitle}</span> : null}
              <span className="palette-kind">{o.entity?.recent ? `Recent ${o.kind.toLowerCase()}` : o.kind}</span>
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
