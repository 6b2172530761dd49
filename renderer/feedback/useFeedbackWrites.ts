import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';
import { FEEDBACK_MESSAGES as M, UNDO_SECONDS, type LiveStatus } from '../../shared/rules/feedback/model.js';
import { useWriteOp } from '../api/hooks.js';
import { notify } from '../components/Toaster.js';
import { putDetail, replaceOnBoard } from './board-cache.js';

const report = (title: string, message: string) => (err: unknown) => {
  console.error(`${title}: ${err instanceof Error ? err.message : String(err)}`);
  notify.error(title, message);
};

/**
 * The item writes of the board, its dialog and the detail page. A move or a delete shows at once and is put back,
 * with the spec's message, when main refuses it. mutateAsync: each call settles on its own, so two quick moves of
 * two cards each roll back only themselves.
 */
export function useFeedbackWrites() {
  const client = useQueryClient();
  const setStatus = useWriteOp('feedback', 'setStatus');
  const setTags = useWriteOp('feedback', 'setTags');
  const softDelete = useWriteOp('feedback', 'softDelete');
  const undoDelete = useWriteOp('feedback', 'undoDelete');

  /** What main returned replaces the screen's copy (`was`) on the boards and the detail page. */
  const settle = (was: FeedbackItem, row: FeedbackItem) => {
    replaceOnBoard(client, was, row);
    putDetail(client, row);
  };

  async function move(item: FeedbackItem, status: LiveStatus): Promise<boolean> {
    if (item.status === status) return true;
    const moved = { ...item, status };
    replaceOnBoard(client, item, moved);
    try {
      settle(moved, await setStatus.mutateAsync({ id: item.id, status }));
      notify.success(M.statusUpdated);
      return true;
    } catch (err) {
      replaceOnBoard(client, moved, item);
      report(M.updateFailedTitle, M.updateFailed)(err);
      return false;
    }
  }

  async function saveTags(item: FeedbackItem, tags: readonly string[], success: string): Promise<boolean> {
    try {
      settle(item, await setTags.mutateAsync({ id: item.id, tags: [...tags] }));
      notify.success(success);
      return true;
    } catch (err) {
      report('Error', M.tagsFailed)(err);
      return false;
    }
  }

  /** Soft delete: the card leaves at once; the toast offers Undo for a few seconds (only while it is in the trash). */
  async function remove(item: FeedbackItem, withUndo: boolean): Promise<boolean> {
    replaceOnBoard(client, item, null);
    let deleted: FeedbackItem;
    try {
      deleted = await softDelete.mutateAsync({ id: item.id });
      putDetail(client, deleted);
    } catch (err) {
      replaceOnBoard(client, null, item);
      report(M.deleteFailedTitle, M.deleteFailed)(err);
      return false;
    }
    const previous = item.status === 'deleted' ? 'new' : item.status;
    if (!withUndo) {
      notify.success(M.deleted);
      return true;
    }
    notify.success(M.deleted, undefined, {
      label: 'Undo',
      seconds: UNDO_SECONDS,
      onClick: () => {
        undoDelete
          .mutateAsync({ id: item.id, status: previous })
          .then((row) => {
            settle(deleted, row);
            notify.success(M.restored);
          })
          .catch(report(M.restoreFailedTitle, M.restoreFailed));
      },
    });
    return true;
  }

  return { move, saveTags, remove, tagsBusy: setTags.isPending, deleting: softDelete.isPending };
}
