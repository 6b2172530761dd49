import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_OUTCOME_LABEL, AUDIT_OUTCOME_TONE } from '../../shared/rules/audit/outcome.js';
import { useOp, useWriteOp, type OpError } from '../api/hooks.js';
import { PageHeader } from '../components/PageHeader.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { QueryView } from '../components/QueryView.js';
import { Notice } from '../components/States.js';
import { DataTable } from '../components/DataTable.js';
import { DateField } from '../components/FormFields.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { notifySaved } from '../components/saved-file.js';
import { errorText } from '../lib/op-error-text.js';
import { formatDateTime } from '../lib/format.js';
import type { AuditSummary } from '../../shared/contract/areas/audit.js';
import { AuditEntryDialog } from './AuditEntryDialog.js';
import { ALL, NO_FILTERS, toAuditFilters, type AuditFilterState } from './audit-filters.js';

/**
 * Every change made from the app on this computer and connection, newest first, a page at a time (keyset: each
 * page reads the entries older than the last one shown). `?entry=<id>` opens an entry, so an entry has a link.
 */
export default function AuditLogPage() {
  const [state, setState] = useState<AuditFilterState>(NO_FILTERS);
  // The ids that start each page already visited: Previous pops, Next pushes the last id shown.
  const [cursors, setCursors] = useState<readonly (number | undefined)[]>([undefined]);
  const [params, setParams] = useSearchParams();
  const filters = toAuditFilters(state);
  const before = cursors[cursors.length - 1];
  // Writes anywhere in the app add entries: always read again when the screen opens.
  const page = useOp('audit', 'list', { filters, ...(before !== undefined ? { before } : {}) }, { refetchOnMount: 'always' });
  const facets = useOp('audit', 'facets', {}, { refetchOnMount: 'always' });
  // Read again on every visit: a reopen of the connection (profile switch) may have set a file aside since.
  const setAsideAs = useOp('audit', 'status', {}, { refetchOnMount: 'always' }).data?.data.setAsideAs;
  const exportCsv = useWriteOp('audit', 'exportCsv');
  const openId = Number(params.get('entry')) || null;

  const set = (patch: Partial<AuditFilterState>) => {
    setState((s) => ({ ...s, ...patch }));
    setCursors([undefined]);
  };
  const open = (id: number | null) => setParams(id === null ? {} : { entry: String(id) });
  const f = facets.data?.data;
  const option = (v: string) => ({ value: v, label: v });

  const runExport = async () => {
    try {
      const r = await exportCsv.mutateAsync(filters);
      if (r.outcome === 'saved') notifySaved('Audit log exported', `${r.count} entries saved to ${r.path}`, r.file);
      else if (r.outcome === 'empty') notify.info('No audit entries to export');
    } catch (err) {
      notify.error('Export failed', errorText(err as OpError));
    }
  };

  return (
    <div className="page">
      <PageHeader title="Audit Log" subtitle="Every change made from Reflect Admin on this computer, for the active connection" />
      {setAsideAs ? (
        <Notice testId="audit-set-aside">
          An earlier audit log could not be read and was set aside under {setAsideAs}; it is kept in this connection&apos;s data folder. Changes from now on are
          recorded in a new log.
        </Notice>
      ) : null}
      <ListToolbar
        filters={[
          {
            label: 'Filter by admin',
            value: state.adminId,
            onChange: (v) => set({ adminId: v }),
            options: [{ value: ALL, label: 'All admins' }, ...(f?.admins ?? []).map((a) => ({ value: a.id, label: a.email }))],
          },
          {
            label: 'Filter by area',
            value: state.area,
            onChange: (v) => set({ area: v }),
            options: [{ value: ALL, label: 'All areas' }, ...(f?.areas ?? []).map(option)],
          },
          {
            label: 'Filter by operation',
            value: state.operation,
            onChange: (v) => set({ operation: v }),
            options: [
              { value: ALL, label: 'All operations' },
              ...(f?.operations ?? []).filter((o) => !state.area || o.startsWith(`${state.area}.`)).map(option),
            ],
          },
        ]}
        actions={
          <Button variant="primary" onClick={() => void runExport()} busy={exportCsv.isPending}>
            Export CSV
          </Button>
        }
      >
        <DateField label="From" value={state.from} max={state.to || undefined} onChange={(e) => set({ from: e.target.value })} className="audit-date" />
        <DateField label="To" value={state.to} min={state.from || undefined} onChange={(e) => set({ to: e.target.value })} className="audit-date" />
      </ListToolbar>
      <QueryView
        query={page}
        loadingLabel="Loading audit log..."
        isEmpty={(d) => d.items.length === 0 && cursors.length === 1}
        emptyTitle="No changes recorded"
        emptyMessage="Changes made from the app appear here."
      >
        {(d) => (
          <>
            <DataTable<AuditSummary>
              label="Audit log"
              testId="audit-table"
              rowTestId="audit-row"
              rows={d.items}
              rowKey={(e) => String(e.id)}
              columns={[
                { header: 'Time', cell: (e) => formatDateTime(e.at) },
                { header: 'Admin', cell: (e) => e.adminEmail ?? e.adminId ?? 'Unknown' },
                {
                  header: 'Operation',
                  cell: (e) => (
                    <Link to={{ search: `?entry=${e.id}` }} aria-label={`Open entry ${e.id}: ${e.operation}`}>
                      {e.operation}
                    </Link>
                  ),
                },
                { header: 'Target', cell: (e) => (e.targetTable ? `${e.targetTable} ${e.targetId ?? ''}` : '—') },
                { header: 'Outcome', cell: (e) => <Badge tone={AUDIT_OUTCOME_TONE[e.outcome]}>{AUDIT_OUTCOME_LABEL[e.outcome]}</Badge> },
              ]}
            />
            <div className="pager">
              <span className="muted" data-testid="audit-page">
                Page {cursors.length}
              </span>
              <Button disabled={cursors.length === 1 || page.isFetching} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer
              </Button>
              <Button disabled={!d.more || page.isFetching} onClick={() => setCursors((c) => [...c, d.items[d.items.length - 1]!.id])}>
                Older
              </Button>
            </div>
          </>
        )}
      </QueryView>
      <AuditEntryDialog id={openId} onClose={() => open(null)} />
    </div>
  );
}
