import type { TypeFilter } from '../../shared/rules/feedback/list.js';
import { FEEDBACK_MESSAGES as M } from '../../shared/rules/feedback/model.js';
import { useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { notifySaved } from '../components/saved-file.js';

/** Export CSV of the filtered set: main reads it again and writes the file it chose (save dialog, or the exports folder). */
export function ExportButton({ search, type, disabled }: { readonly search: string; readonly type: TypeFilter; readonly disabled: boolean }) {
  const exportCsv = useWriteOp('feedback', 'exportCsv');
  const run = async () => {
    try {
      const r = await exportCsv.mutateAsync({ search, type });
      if (r.outcome === 'saved') notifySaved(M.exported, `${r.count} items saved to ${r.path}`, r.file);
      else if (r.outcome === 'empty') notify.info(M.exportEmpty);
    } catch (err) {
      notify.error('Export failed', err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Button variant="primary" onClick={() => void run()} busy={exportCsv.isPending} disabled={disabled}>
      Export CSV
    </Button>
  );
}
