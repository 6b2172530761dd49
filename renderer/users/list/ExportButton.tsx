import { useWriteOp } from '../../api/hooks.js';
import { ExportButton as KitExportButton, notifyEmpty, useExport, type ExportMessages } from '../../components/ExportButton.js';
import { USER_EXPORT_MESSAGES } from '../../../shared/rules/users/csv.js';
import type { UserListQuery } from '../../../shared/rules/users/list.js';
import { useScreenAction } from '../../lib/screen-actions.js';

const MESSAGES: ExportMessages = {
  saved: (r) => [USER_EXPORT_MESSAGES.exported(r.count), `Saved to ${r.path}`],
  empty: USER_EXPORT_MESSAGES.empty,
  emptyIsError: true,
  failed: USER_EXPORT_MESSAGES.failed,
};

/**
 * CSV export of the list as shown. Main asks where to save (the native dialog; browser mode saves into its data
 * folder) and writes the file; the toast says where it went.
 */
export function ExportButton({ query, shown }: { readonly query: UserListQuery; readonly shown: number }) {
  const exportCsv = useWriteOp('users', 'exportCsv');
  const run = () => exportCsv.mutateAsync(query);
  const exporter = useExport(run, MESSAGES);
  // The palette's "Export users CSV": the same export, once the list has rows.
  useScreenAction('export-users', () => (shown === 0 ? notifyEmpty(MESSAGES) : void exporter.start()), shown > 0);
  return <KitExportButton run={run} messages={MESSAGES} exporter={exporter} variant="secondary" nothingShown={shown === 0} />;
}
