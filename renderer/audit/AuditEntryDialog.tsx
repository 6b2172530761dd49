import { AUDIT_OUTCOME_LABEL, AUDIT_OUTCOME_TONE } from '../../shared/rules/audit/outcome.js';
import { useOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Modal } from '../components/Modal.js';
import { QueryView } from '../components/QueryView.js';
import { formatDateTime } from '../lib/format.js';
import { diffValues } from '../../shared/rules/audit/diff.js';
import type { AuditEntry } from '../../shared/contract/areas/audit.js';
import { DataTable } from '../components/DataTable.js';

const pretty = (v: unknown): string => (v === null || v === undefined ? 'Not recorded' : JSON.stringify(v, null, 2));

/** One entry: who, when, target, outcome, and what changed; every value shown as text. */
export function AuditEntryDialog({ id, onClose }: { readonly id: number | null; readonly onClose: () => void }) {
  return (
    <Modal open={id !== null} title={id !== null ? `Audit entry #${id}` : 'Audit entry'} width="820px" onClose={onClose} testId="audit-entry-dialog">
      {id !== null ? <EntryBody id={id} /> : null}
    </Modal>
  );
}

function EntryBody({ id }: { readonly id: number }) {
  const entry = useOp('audit', 'get', { id });
  return (
    <QueryView query={entry} loadingLabel="Loading entry..." isEmpty={(d) => d === null} emptyTitle="Entry not found">
      {(e) => (e ? <EntryView e={e} /> : null)}
    </QueryView>
  );
}

function EntryView({ e }: { readonly e: AuditEntry }) {
  const changes = diffValues(e.before, e.after);
  return (
    <div className="audit-entry">
      <dl className="audit-facts">
        <dt>Time</dt>
        <dd>{formatDateTime(e.at)}</dd>
        <dt>Admin</dt>
        <dd>{e.adminEmail ?? e.adminId ?? 'Unknown'}</dd>
        <dt>Operation</dt>
        <dd>
          <code>{e.operation}</code>
        </dd>
        <dt>Target</dt>
        <dd data-testid="audit-entry-target">{e.targetTable ? `${e.targetTable} ${e.targetId ?? ''}`.trim() : 'No single row'}</dd>
        <dt>Outcome</dt>
        <dd>
          <Badge tone={AUDIT_OUTCOME_TONE[e.outcome]}>{AUDIT_OUTCOME_LABEL[e.outcome]}</Badge>
          {/* A failure's reason, or how a lost reply was settled (an OK entry may carry that note too). */}
          {e.errorCode ? <span className="audit-error"> {`${e.errorCode}: ${e.errorMessage ?? ''}`}</span> : null}
        </dd>
      </dl>
      <h3 className="audit-heading">Changes</h3>
      {changes.length === 0 ? (
        <p className="muted">No field differs between before and after.</p>
      ) : (
        <DataTable
          className="data-table audit-diff"
          label="Changed fields"
          testId="audit-diff"
          rows={changes}
          rowKey={(c) => c.field}
          columns={[
            { header: 'Field', rowHeader: true, cell: (c) => c.field },
            { header: 'Before', className: 'audit-value', cell: (c) => c.before },
            { header: 'After', className: 'audit-value', cell: (c) => c.after },
          ]}
        />
      )}
      <details className="audit-raw">
        <summary>Input, before and after as recorded</summary>
        <h4>Input</h4>
        <pre data-testid="audit-entry-input">{pretty(e.input)}</pre>
        <h4>Before</h4>
        <pre data-testid="audit-entry-before">{pretty(e.before)}</pre>
        <h4>After</h4>
        <pre data-testid="audit-entry-after">{pretty(e.after)}</pre>
      </details>
    </div>
  );
}
