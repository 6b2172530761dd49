import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Badge } from '../../components/Badge.js';
import { sourceName } from '../../../shared/rules/common/brands.js';
import { RowMenu, useRowContextMenu, type RowMenuItem } from '../../components/RowMenu.js';
import { notify } from '../../components/Toaster.js';
import { copyText } from '../../lib/clipboard.js';
import { USER_SORT_KEYS, USER_SORT_LABELS, type UserListQuery, type UserSort, type UserSortKey } from '../../../shared/rules/users/list.js';
import { subscriptionBadge } from '../../../shared/rules/users/detail.js';
import { DIRECT } from '../../../shared/rules/users/csv.js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import type { UserListPage } from '../../../shared/contract/areas/users.js';
import { useRowBlocks } from './useRowBlocks.js';
import { formatCount, formatDate } from '../../lib/format.js';
import { ROW_HEIGHTS, useDensity } from '../../lib/density.js';
import { Tooltip } from '../../components/Tooltip.js';

export interface DeleteTarget {
  readonly userId: string;
  readonly email: string;
  readonly createdAt: string;
}

interface Props {
  readonly query: UserListQuery;
  /** The first block, with the number of matching users. */
  readonly head: UserListPage;
  readonly sort: UserSort;
  readonly onSort: (key: UserSortKey) => void;
  readonly onDelete: (target: DeleteTarget) => void;
}

function attribution(row: AdminUserRow): string {
  const a = row.marketing_attribution;
  if (!a) return DIRECT;
  return [a.utm_source ? sourceName(a.utm_source) : null, a.marketing_links?.campaign_name ?? a.utm_campaign].filter(Boolean).join(' · ') || DIRECT;
}

function SortHeader({ k, sort, onSort }: { readonly k: UserSortKey; readonly sort: UserSort; readonly onSort: (key: UserSortKey) => void }) {
  const active = sort.key === k;
  return (
    <div role="columnheader" className="users-cell" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="users-sort" onClick={() => onSort(k)}>
        {USER_SORT_LABELS[k]}
        <span aria-hidden="true" className="users-sort-mark">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </div>
  );
}

/**
 * The users as an ARIA table whose body is virtualised: only the rows in view (plus a few) are in the page, and
 * main sends them block by block as they come into view, so 100,000 users scroll as smoothly as 100. A row
 * opens the user's detail; its row menu (the "⋯" button, right-click, or the ContextMenu key / Shift+F10 on the
 * focused row) holds Open, Copy e-mail, Copy ID and Delete….
 */
export function UserTable({ query, head, sort, onSort, onDelete }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const ROW_HEIGHT = ROW_HEIGHTS[useDensity()];
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is used as TanStack documents it
  const virtual = useVirtualizer({ count: head.matched, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  // A density chosen in Settings while the list is open: the rows' places are measured again.
  useEffect(() => virtual.measure(), [virtual, ROW_HEIGHT]);
  const items = virtual.getVirtualItems();
  const rowAt = useRowBlocks(query, head, items[0]?.index ?? 0, items[items.length - 1]?.index ?? 0);
  const open = (id: string) => void navigate(`/admin/users/${id}`);
  const context = useRowContextMenu();
  const copy = (text: string, done: string) =>
    void copyText(text).then((ok) => (ok ? notify.success(done) : notify.error('Copy failed', 'The clipboard could not be written.')));
  const actions = (row: AdminUserRow): RowMenuItem[] => [
    { label: 'Open', shortcut: 'rowOpen', onSelect: () => open(row.user_id) },
    { label: 'Copy e-mail', onSelect: () => copy(row.user_email, 'E-mail copied to clipboard') },
    { label: 'Copy ID', onSelect: () => copy(row.user_id, 'User ID copied to clipboard') },
    {
      label: 'Delete…',
      danger: true,
      shortcut: 'rowDelete',
      onSelect: () => onDelete({ userId: row.user_id, email: row.user_email, createdAt: row.user_created_at }),
    },
  ];

  return (
    // Focusable: at a narrow width the columns scroll sideways, and the arrow keys scroll them from here.
    <div role="table" className="users-table" aria-label="Users" aria-rowcount={head.matched + 1} tabIndex={0}>
      <div role="rowgroup" className="users-head">
        <div role="row" className="users-row" aria-rowindex={1}>
          {USER_SORT_KEYS.slice(0, 4).map((k) => (
            <SortHeader key={k} k={k} sort={sort} onSort={onSort} />
          ))}
          <div role="columnheader" className="users-cell">
            Attribution
          </div>
          {USER_SORT_KEYS.slice(4).map((k) => (
            <SortHeader key={k} k={k} sort={sort} onSort={onSort} />
          ))}
          <div role="columnheader" className="users-cell">
            <span className="users-visually-hidden">Actions</span>
          </div>
        </div>
      </div>
      <div ref={scroller} className="users-scroller" data-testid="users-scroller">
        <div role="rowgroup" className="users-body" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            if (!row) {
              return (
                <div
                  role="row"
                  key={`loading-${item.index}`}
                  className="users-row users-data-row users-loading-row"
                  aria-rowindex={item.index + 2}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  <div role="cell" className="users-cell muted">
                    Loading...
                  </div>
                </div>
              );
            }
            const badge = subscriptionBadge(row.subscription_status);
            return (
              <div
                role="row"
                key={row.user_id}
                className="users-row users-data-row"
                aria-rowindex={item.index + 2}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => open(row.user_id)}
                {...context.rowProps(`Actions for ${row.user_email}`, actions(row))}
              >
                <div role="cell" className="users-cell users-email">
                  <a
                    href={`/admin/users/${row.user_id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      open(row.user_id);
                    }}
                  >
                    {row.user_email}
                  </a>
                </div>
                <div role="cell" className="users-cell">
                  {row.subscription_status ? <Badge tone={badge.tone}>{badge.label}</Badge> : <span className="muted">None</span>}
                </div>
                <div role="cell" className="users-cell">
                  {row.plan_name ?? <span className="muted">None</span>}
                </div>
                <div role="cell" className="users-cell users-number">
                  {formatCount(row.block_count)}
                </div>
                <Tooltip content={attribution(row)}>
                  <div role="cell" className="users-cell users-ellipsis">
                    {attribution(row)}
                  </div>
                </Tooltip>
                <div role="cell" className="users-cell">
                  {formatDate(row.user_created_at)}
                </div>
                <div role="cell" className="users-cell">
                  {formatDate(row.last_sign_in_at)}
                </div>
                <div role="cell" className="users-cell users-actions">
                  <RowMenu label={`Actions for ${row.user_email}`} items={actions(row)} />
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {context.menu}
    </div>
  );
}
