import { useOp } from '../../api/hooks.js';
import { Button } from '../../components/Button.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { DELETION_MESSAGES } from '../../../shared/rules/users/deletion.js';
import { formatCount } from '../../lib/format.js';
import { DataTable } from '../../components/DataTable.js';

interface Props {
  readonly userId: string;
  readonly onCancel: () => void;
  readonly onContinue: () => void;
}

/** Step 1: what the deletion removes, from admin-delete-user-preview; going on needs the analysis. */
export function PreviewStep({ userId, onCancel, onContinue }: Props) {
  const preview = useOp('users', 'deletionPreview', { userId }, { staleTime: 0, gcTime: 0, retry: false });
  const data = preview.data?.data;
  return (
    <div className="users-delete-step">
      <h3>Impact analysis</h3>
      {preview.isPending ? <Spinner label="Analysing what will be deleted..." /> : null}
      {preview.isError ? <ErrorState message={`${DELETION_MESSAGES.previewFailed} ${preview.error.message}`} onRetry={() => void preview.refetch()} /> : null}
      {data ? (
        <>
          <p data-testid="delete-total">
            <strong>{formatCount(data.total_records)}</strong> records in <strong>{data.tables_affected.length}</strong> tables will be permanently deleted.
          </p>
          <DataTable
            className="users-impact"
            rows={data.tables_affected}
            rowKey={(t) => t.table}
            columns={[
              { header: 'Table', cell: (t) => <code>{t.table}</code> },
              { header: 'Records', className: 'users-number', cell: (t) => formatCount(t.record_count) },
            ]}
          />
          {data.detached_references?.length ? (
            <p className="muted">Kept, without this user: {data.detached_references.map((d) => `${formatCount(d.record_count)} in ${d.table}`).join(', ')}.</p>
          ) : null}
        </>
      ) : null}
      <div className="users-dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onContinue} disabled={!data}>
          Continue
        </Button>
      </div>
    </div>
  );
}
