import { formatCounted } from '../lib/format.js';
import type { TypeFilter } from '../../shared/rules/feedback/list.js';
import { FEEDBACK_MESSAGES as M } from '../../shared/rules/feedback/model.js';
import { useWriteOp } from '../api/hooks.js';
import { ExportButton as KitExportButton } from '../components/ExportButton.js';

/** Export CSV of the filtered set: main reads it again and writes the file it chose (save dialog, or the exports folder). */
export function ExportButton({ search, type, disabled }: { readonly search: string; readonly type: TypeFilter; readonly disabled: boolean }) {
  const exportCsv = useWriteOp('feedback', 'exportCsv');
  return (
    <KitExportButton
      run={() => exportCsv.mutateAsync({ search, type })}
      messages={{ saved: (r) => [M.exported, `${formatCounted(r.count, 'item')} saved to ${r.path}`], empty: M.exportEmpty }}
      disabled={disabled}
    />
  );
}
