import { useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { DataTable } from '../components/DataTable.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { RowMenu, type RowMenuItem } from '../components/RowMenu.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatDate } from '../lib/format.js';
import { ENGAGEMENT_MESSAGES } from '../../shared/rules/email/engagement.js';
import type { EmailTemplate } from '../../shared/rules/email/types.js';
import { PreviewDialog, TemplateDialog, TemplateViewDialog } from './TemplateDialogs.js';
import { ListToolbar } from '../components/ListToolbar.js';
import { useQueryFilter } from '../lib/useQueryFilter.js';

const APPROVAL_TONE = { approved: 'success', pending: 'warning', rejected: 'danger', draft: 'neutral' } as const;
type ApprovalFilter = EmailTemplate['approval_status'] | 'all';
const APPROVAL_FILTERS: readonly ApprovalFilter[] = ['all', 'draft', 'pending', 'approved', 'rejected'];
const APPROVAL_OPTIONS = APPROVAL_FILTERS.map((a) => ({ value: a, label: a === 'all' ? 'All approval statuses' : a }));

export function TemplatesTab({ templates }: { readonly templates: readonly EmailTemplate[] }) {
  const approve = useWriteOp('email', 'approveTemplate');
  const setActive = useWriteOp('email', 'setTemplateActive');
  const remove = useWriteOp('email', 'deleteTemplate');
  const [editing, setEditing] = useState<{ template: EmailTemplate | null; mode: 'view' | 'edit' } | null>(null);
  const [preview, setPreview] = useState<EmailTemplate | null>(null);
  const [target, setTarget] = useState<EmailTemplate | null>(null);
  // ?approval=pending (the dashboard's "templates waiting for approval").
  const [approval, setApproval] = useQueryFilter<ApprovalFilter>('approval', APPROVAL_FILTERS, 'all');
  const shown = approval === 'all' ? templates : templates.filter((t) => t.approval_status === approval);
  const menu = (t: EmailTemplate): RowMenuItem[] => [
    { label: 'View', onSelect: () => setEditing({ template: t, mode: 'view' }) },
    { label: 'Preview', onSelect: () => setPreview(t) },
    ...(t.approval_status !== 'approved'
      ? [
          {
            label: 'Approve',
            onSelect: () =>
              void approve.mutateAsync({ id: t.id }).then(
                () => notify.success('Template approved'),
                () => notify.error(ENGAGEMENT_MESSAGES.approve),
              ),
          },
        ]
      : []),
    {
      label: t.is_active ? 'Deactivate' : 'Activate',
      onSelect: () =>
        void setActive.mutateAsync({ id: t.id, isActive: !t.is_active }).then(
          () => notify.success(t.is_active ? 'Template deactivated' : 'Template activated'),
          (err) => notify.error(ENGAGEMENT_MESSAGES.templateActive(errorText(err))),
        ),
    },
    { label: 'Delete…', danger: true, onSelect: () => setTarget(t) },
  ];
  return (
    <div className="email-stack">
      <div>
        <Button variant="primary" onClick={() => setEditing({ template: null, mode: 'edit' })}>
          Create Template
        </Button>
      </div>
      <ListToolbar
        filters={[{ label: 'Filter by approval', value: approval, onChange: (v) => setApproval(v as ApprovalFilter), options: APPROVAL_OPTIONS }]}
        summary={
          <span data-testid="template-count">
            Showing {shown.length} of {templates.length}
          </span>
        }
      />
      {templates.length === 0 ? <p className="muted">No templates yet</p> : null}
      <DataTable
        className="email-table"
        testId="templates"
        rowTestId="template-row"
        rows={shown}
        rowKey={(t) => t.id}
        columns={[
          {
            header: 'Template',
            cell: (t) => (
              <>
                <div>{t.template_name}</div>
                <div className="muted">{t.subject_template}</div>
              </>
            ),
          },
          { header: 'Type', cell: (t) => t.template_type },
          {
            header: 'Status',
            cell: (t) => (
              <>
                <Badge tone={APPROVAL_TONE[t.approval_status]}>{t.approval_status}</Badge>{' '}
                <Badge tone={t.is_active ? 'success' : 'neutral'}>{t.is_active ? 'Active' : 'Inactive'}</Badge>
              </>
            ),
          },
          { header: 'Version', cell: (t) => `v${t.version}` },
          { header: 'Updated', cell: (t) => formatDate(t.updated_at) },
          {
            header: 'Actions',
            className: 'row-actions',
            // One primary action and a menu: six buttons piled into a column at 1024 px.
            cell: (t) => (
              <>
                <Button onClick={() => setEditing({ template: t, mode: 'edit' })} aria-label={`Edit ${t.template_name}`}>
                  Edit
                </Button>
                <RowMenu label={`Actions for ${t.template_name}`} items={menu(t)} />
              </>
            ),
          },
        ]}
      />
      {editing?.mode === 'view' && editing.template ? (
        <TemplateViewDialog template={editing.template} onClose={() => setEditing(null)} />
      ) : editing ? (
        <TemplateDialog template={editing.template} onClose={() => setEditing(null)} />
      ) : null}
      {preview ? <PreviewDialog template={preview} onClose={() => setPreview(null)} /> : null}
      <DeleteConfirm
        target={target}
        title="Delete template?"
        describe={(t) => `"${t.template_name}" is deleted for good.`}
        run={(t) => remove.mutateAsync({ id: t.id })}
        succeeded={() => notify.success('Template deleted')}
        failed={() => notify.error(ENGAGEMENT_MESSAGES.deleteTemplate)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
