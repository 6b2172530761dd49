import { useWriteOp } from '../../api/hooks.js';
import { Button } from '../../components/Button.js';
import { notify } from '../../components/Toaster.js';
import { notifySaved } from '../../components/saved-file.js';
import { USER_EXPORT_MESSAGES } from '../../../shared/rules/users/csv.js';
import type { UserListQuery } from '../../../shared/rules/users/list.js';
import { useScreenAction } from '../../lib/screen-actions.js';

/**
 * CSV export of the list as shown. Main asks where to save (the native dialog; browser mode saves into its data
 * folder) and writes the file; the toast says where it went.
 */
export function ExportButton({ query, shown }: { readonly query: UserListQuery; readonly shown: number }) {
  const exportCsv = useWriteOp('users', 'exportCsv');
  const run = () => {
    if (shown === 0) {
      notify.error(USER_EXPORT_MESSAGES.empty);
      return;
    }
    exportCsv.mutate(query, {
      onSuccess: (result) => {
        if (result.outcome === 'saved') notifySaved(USER_EXPORT_MESSAGES.exported(result.count), `Saved to ${result.path}`, result.file);
        else if (result.outcome === 'empty') notify.error(USER_EXPORT_MESSAGES.empty);
      },
      onError: (e) => notify.error(USER_EXPORT_MESSAGES.failed, e.message),
    });
  };
  // The palette's "Export users CSV": the same export, once the list has rows.
  useScreenAction('export-users', run, shown > 0);
  return (
    <Button onClick={run} busy={exportCsv.isPending}>
      Export CSV
    </Button>
  );
}
