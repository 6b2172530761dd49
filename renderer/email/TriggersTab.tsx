import { useId, useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { DataTable } from '../components/DataTable.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { SelectField, TextField, TextareaField } from '../components/FormFields.js';
import { FormDialog } from '../components/FormDialog.js';
import { TemplateSelect } from './TemplateSelect.js';
import type { FieldProblem } from '../components/ErrorSummary.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ENGAGEMENT_MESSAGES, TRIGGER_TYPES, parseConditions, triggerErrors } from '../../shared/rules/email/engagement.js';
import type { EmailTemplate, EmailTrigger } from '../../shared/rules/email/types.js';

const label = (t: string) => t.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
export const NOT_APPLIED = 'The condition parameters are not valid JSON, so they were not applied.';
const HINTS =
  'Keys: days_since_signup, days_since_last_activity, activity_threshold, schedule_time (HH:MM), schedule_days (weekday names), frequency (daily, weekly or monthly), milestone_type, streak_days, blocks_count.';

function TriggerDialog({
  trigger,
  templates,
  onClose,
}: {
  readonly trigger: EmailTrigger | null;
  readonly templates: readonly EmailTemplate[];
  readonly onClose: () => void;
}) {
  const save = useWriteOp('email', 'saveTrigger');
  const [name, setName] = useState(trigger?.trigger_name ?? '');
  const [type, setType] = useState<string>(trigger?.trigger_type ?? 'activity_based');
  const [templateId, setTemplateId] = useState(trigger?.template_id ?? '');
  const [conditions, setConditions] = useState(JSON.stringify(trigger?.condition_parameters ?? {}, null, 2));
  const ids = { name: useId(), template: useId() };
  const [errors, setErrors] = useState<FieldProblem[]>([]);
  const submit = async () => {
    // The spec's messages name their fields, listed under its title 'Validation Error'; each leads to its field.
    const problems = triggerErrors(name, templateId).map((message) => ({
      message,
      fieldId: message === ENGAGEMENT_MESSAGES.triggerName ? ids.name : ids.template,
    }));
    setErrors(problems);
    if (problems.length > 0) return;
    // Invalid JSON is ignored, as the spec says (the trigger keeps its previous parameters), but the admin is told.
    const parsed = parseConditions(conditions);
    try {
      await save.mutateAsync({
        ...(trigger ? { id: trigger.id } : {}),
        triggerName: name,
        triggerType: type as (typeof TRIGGER_TYPES)[number],
        templateId,
        conditionParameters: parsed ?? trigger?.condition_parameters ?? {},
      });
      if (parsed === undefined) notify.info(NOT_APPLIED);
      notify.success(trigger ? 'Trigger updated' : 'Trigger created');
      onClose();
    } catch (err) {
      notify.error(ENGAGEMENT_MESSAGES.saveTrigger(errorText(err as never)));
    }
  };
  return (
    <FormDialog
      open
      title={trigger ? 'Edit Trigger' : 'Create Trigger'}
      width="640px"
      submitLabel="Save Trigger"
      busy={save.isPending}
      errorTitle={ENGAGEMENT_MESSAGES.validationTitle}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <TextField id={ids.name} label="Trigger Name" value={name} onChange={(e) => setName(e.target.value)} />
      <SelectField label="Trigger Type" value={type} onValueChange={setType} options={TRIGGER_TYPES.map((t) => ({ value: t, label: label(t) }))} />
      <TemplateSelect id={ids.template} templates={templates} value={templateId} onValueChange={setTemplateId} />
      <TextareaField label="Condition Parameters (JSON)" rows={6} value={conditions} onChange={(e) => setConditions(e.target.value)} hint={HINTS} />
    </FormDialog>
  );
}

export function TriggersTab({ triggers, templates }: { readonly triggers: readonly EmailTrigger[]; readonly templates: readonly EmailTemplate[] }) {
  const toggle = useWriteOp('email', 'setTriggerActive');
  const remove = useWriteOp('email', 'deleteTrigger');
  const [editing, setEditing] = useState<{ trigger: EmailTrigger | null } | null>(null);
  const [target, setTarget] = useState<EmailTrigger | null>(null);
  const names = new Map(templates.map((t) => [t.id, t.template_name]));
  return (
    <div className="email-stack">
      <div>
        <Button variant="primary" onClick={() => setEditing({ trigger: null })}>
          Create Trigger
        </Button>
      </div>
      {triggers.length === 0 ? <p className="muted">No triggers yet</p> : null}
      <DataTable
        className="email-table"
        testId="triggers"
        rowTestId="trigger-row"
        rows={triggers}
        rowKey={(t) => t.id}
        columns={[
          { header: 'Trigger', cell: (t) => t.trigger_name },
          { header: 'Type', cell: (t) => label(t.trigger_type) },
          { header: 'Template', cell: (t) => (t.template_id && names.get(t.template_id)) || '-' },
          { header: 'Status', cell: (t) => <Badge tone={t.is_active ? 'success' : 'neutral'}>{t.is_active ? 'Active' : 'Inactive'}</Badge> },
          {
            header: 'Actions',
            className: 'row-actions',
            cell: (t) => (
              <>
                <Button onClick={() => setEditing({ trigger: t })} aria-label={`Edit ${t.trigger_name}`}>
                  Edit
                </Button>
                <Button
                  aria-label={`${t.is_active ? 'Deactivate' : 'Activate'} ${t.trigger_name}`}
                  onClick={() =>
                    toggle.mutateAsync({ id: t.id, isActive: !t.is_active }).then(
                      () => undefined,
                      () => notify.error(ENGAGEMENT_MESSAGES.triggerStatus),
                    )
                  }
                >
                  {t.is_active ? 'Deactivate' : 'Activate'}
                </Button>
                <Button variant="danger" onClick={() => setTarget(t)} aria-label={`Delete ${t.trigger_name}`}>
                  Delete
                </Button>
              </>
            ),
          },
        ]}
      />
      {editing ? <TriggerDialog trigger={editing.trigger} templates={templates} onClose={() => setEditing(null)} /> : null}
      <DeleteConfirm
        target={target}
        title="Delete trigger?"
        describe={(t) => `"${t.trigger_name}" is deleted for good.`}
        run={(t) => remove.mutateAsync({ id: t.id })}
        succeeded={() => notify.success('Trigger deleted')}
        failed={() => notify.error(ENGAGEMENT_MESSAGES.deleteTrigger)}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
