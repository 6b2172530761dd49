import { useMemo, useState } from 'react';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { FEEDBACK_MESSAGES as M, SEARCH_MAX_LENGTH } from '../../shared/rules/feedback/model.js';
import { TYPE_FILTERS, filterFeedback, type TypeFilter } from '../../shared/rules/feedback/list.js';
import { useOp, useWriteOp } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { QueryView } from '../components/QueryView.js';
import { notify } from '../components/Toaster.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { FeedbackFilters } from './FeedbackFilters.js';
import { TrashTable } from './TrashTable.js';
import { param } from '../lib/query-state.js';
import { useQueryState } from '../lib/useQueryState.js';

const EMPTY: readonly FeedbackItem[] = [];
const report = (title: string, message: string) => (err: unknown) => {
  console.error(`${title}: ${err instanceof Error ? err.message : String(err)}`);
  notify.error(title, message);
};

/** The trash's state in the address: ?q=…&type=bug. */
const QUERY = { q: param.text('', SEARCH_MAX_LENGTH), type: param.oneOf(TYPE_FILTERS, 'all') };

/** /admin/feedback/deleted: the trash. Restore sets status new; permanent deletion is re-checked in main (A3). */
export default function DeletedFeedbackPage() {
  const trash = useOp('feedback', 'trash', {});
  const restore = useWriteOp('feedback', 'restore');
  const purge = useWriteOp('feedback', 'deleteForever');
  const [{ q: search, type }, setState] = useQueryState(QUERY);
  const setSearch = (q: string) => setState({ q });
  const setType = (t: TypeFilter) => setState({ type: t });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<readonly string[] | null>(null);
  const all = trash.data?.data.items ?? EMPTY;
  const shown = useMemo(() => filterFeedback(all, search, type), [all, search, type]);
  // Only what is still in the trash counts as selected (a refresh may have removed some).
  const selected = useMemo(() => new Set(all.filter((i) => picked.has(i.id)).map((i) => i.id)), [all, picked]);
  const busy = restore.isPending || purge.isPending;

  const unpick = (ids: readonly string[]) =>
    setPicked((p) => {
      const next = new Set(p);
      for (const id of ids) next.delete(id);
      return next;
    });
  const doRestore = (ids: readonly string[]) =>
    restore
      .mutateAsync({ ids: [...ids] })
      .then(() => {
        unpick(ids);
        notify.success(M.restored);
      })
      .catch(report(M.restoreFailedTitle, M.restoreFailed));

  return (
    <div className="page">
      <PageHeader
        title="Deleted Feedback"
        subtitle="Restore feedback or delete it for good"
        back={{ to: '/admin/feedback', label: 'Back to Feedback Board' }}
      />
      <FeedbackFilters
        search={search}
        onSearch={setSearch}
        type={type}
        onType={setType}
        actions={
          <>
            <Button disabled={selected.size === 0 || busy} onClick={() => void doRestore([...selected])}>
              {M.restoreN(selected.size)}
            </Button>
            <Button variant="danger" disabled={selected.size === 0 || busy} onClick={() => setConfirm([...selected])}>
              {M.purgeN(selected.size)}
            </Button>
          </>
        }
      />
      <QueryView query={trash} loadingLabel={M.loadingDeleted} isEmpty={(d) => d.items.length === 0} emptyTitle={M.noDeleted}>
        {() =>
          shown.length === 0 ? (
            <p className="muted">{M.noDeleted}</p>
          ) : (
            <TrashTable
              items={shown}
              selected={selected}
              busy={busy}
              onToggle={(id) =>
                setPicked((p) => {
                  const next = new Set(p);
                  if (next.has(id)) next.delete(id);
                  else next.add(id);
                  return next;
                })
              }
              onToggleAll={() => setPicked(shown.every((i) => selected.has(i.id)) ? new Set() : new Set(shown.map((i) => i.id)))}
              onRestore={(i) => void doRestore([i.id])}
              onPurge={(i) => setConfirm([i.id])}
            />
          )
        }
      </QueryView>
      {trash.data ? (
        <footer className="fb-trash-footer muted">
          <span data-testid="trash-showing">{M.showingDeleted(shown.length, all.length)}</span>
          <span data-testid="trash-selected">{M.selected(selected.size)}</span>
        </footer>
      ) : null}
      <DeleteConfirm
        target={confirm}
        title="Permanently delete feedback?"
        confirmLabel={M.purgeN(confirm?.length ?? 0)}
        describe={(ids) =>
          `${ids.length === 1 ? '1 feedback submission is' : `${ids.length} feedback submissions are`} deleted for good. This cannot be undone.`
        }
        run={(ids) => purge.mutateAsync({ ids: [...ids] })}
        succeeded={(ids) => {
          unpick(ids);
          notify.success(M.purged);
        }}
        failed={report(M.purgeFailedTitle, M.purgeFailed)}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}
