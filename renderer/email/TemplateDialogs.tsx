import { useId, useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { CopyButton } from '../components/CopyButton.js';
import { CheckboxField, SelectField, TextField, TextareaField } from '../components/FormFields.js';
import { Modal } from '../components/Modal.js';
import { FormDialog } from '../components/FormDialog.js';
import type { FieldProblem } from '../components/ErrorSummary.js';
import { Tabs } from '../components/Tabs.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ENGAGEMENT_MESSAGES, TEMPLATE_TYPES, templateErrors } from '../../shared/rules/email/engagement.js';
import { PREVIEW_TEXT_LIMIT, TEMPLATE_VARIABLES, previewSampleData, renderTemplate, templateParses } from '../../shared/rules/email/render.js';
import { settingsVariables } from '../../shared/rules/email/settings.js';
import type { EmailTemplate } from '../../shared/rules/email/types.js';
import { HtmlFrame } from './HtmlFrame.js';

const typeLabel = (t: string) => t.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

interface TemplateDraft {
  readonly name: string;
  readonly type: string;
  readonly category: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly ai: boolean;
}
const draftOf = (t: EmailTemplate | null): TemplateDraft => ({
  name: t?.template_name ?? '',
  type: t?.template_type ?? 'onboarding',
  category: t?.category ?? '',
  subject: t?.subject_template ?? '',
  html: t?.html_template ?? '',
  text: t?.text_template ?? '',
  ai: t?.ai_personalization_enabled ?? false,
});

/** The template's fields, read-only when viewing; `ids` lets the error summary lead to name and subject. */
function TemplateFields({
  draft,
  onChange,
  readOnly,
  ids,
}: {
  readonly draft: TemplateDraft;
  readonly onChange: (d: TemplateDraft) => void;
  readonly readOnly: boolean;
  readonly ids?: { readonly name: string; readonly subject: string };
}) {
  const set = (patch: Partial<TemplateDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="form">
      <TextField id={ids?.name} label="Template Name" value={draft.name} readOnly={readOnly} onChange={(e) => set({ name: e.target.value })} />
      <SelectField
        label="Template Type"
        value={draft.type}
        disabled={readOnly}
        onValueChange={(v) => set({ type: v })}
        options={TEMPLATE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
      />
      <TextField label="Category" value={draft.category} readOnly={readOnly} onChange={(e) => set({ category: e.target.value })} />
      <TextField id={ids?.subject} label="Subject Template" value={draft.subject} readOnly={readOnly} onChange={(e) => set({ subject: e.target.value })} />
      <TextareaField label="HTML Template" rows={8} value={draft.html} readOnly={readOnly} onChange={(e) => set({ html: e.target.value })} />
      <TextareaField label="Text Template" rows={6} value={draft.text} readOnly={readOnly} onChange={(e) => set({ text: e.target.value })} />
      <CheckboxField label="AI personalization" checked={draft.ai} disabled={readOnly} onCheckedChange={(ai) => set({ ai })} />
    </div>
  );
}

/** View a template, read-only: a viewer with Close, no form. */
export function TemplateViewDialog({ template, onClose }: { readonly template: EmailTemplate; readonly onClose: () => void }) {
  return (
    <Modal open title="View Template" width="880px" onClose={onClose}>
      <TemplateFields draft={draftOf(template)} onChange={() => undefined} readOnly />
      <div className="confirm-actions">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}

/** Edit or create a template, with the copyable variables beside the fields. */
export function TemplateDialog({ template, onClose }: { readonly template: EmailTemplate | null; readonly onClose: () => void }) {
  const save = useWriteOp('email', 'saveTemplate');
  const ids = { name: useId(), subject: useId() };
  const [draft, setDraft] = useState(() => draftOf(template));
  const [errors, setErrors] = useState<FieldProblem[]>([]);
  const submit = async () => {
    // The spec's messages name their fields, listed under its title 'Validation Error'; each leads to its field.
    const problems = templateErrors(draft.name, draft.subject).map((message) => ({
      message,
      fieldId: message === ENGAGEMENT_MESSAGES.templateName ? ids.name : ids.subject,
    }));
    setErrors(problems);
    if (problems.length > 0) return;
    try {
      await save.mutateAsync({
        ...(template ? { id: template.id } : {}),
        templateName: draft.name,
        templateType: draft.type as (typeof TEMPLATE_TYPES)[number],
        category: draft.category || null,
        subjectTemplate: draft.subject,
        htmlTemplate: draft.html || null,
        textTemplate: draft.text || null,
        aiPersonalizationEnabled: draft.ai,
      });
      notify.success(template ? 'Template updated' : 'Template created');
      onClose();
    } catch (err) {
      notify.error(ENGAGEMENT_MESSAGES.saveTemplate(errorText(err as never)));
    }
  };
  return (
    <FormDialog
      open
      title={template ? 'Edit Template' : 'Create Template'}
      width="880px"
      submitLabel="Save Template"
      busy={save.isPending}
      errorTitle={ENGAGEMENT_MESSAGES.validationTitle}
      errors={errors}
      onSubmit={() => void submit()}
      onCancel={onClose}
    >
      <div className="email-edit-grid">
        <TemplateFields draft={draft} onChange={setDraft} readOnly={false} ids={ids} />
        <aside aria-label="Template variables" className="email-variables-panel">
          <h3 className="email-subtitle">Template variables</h3>
          <ul className="email-list">
            {TEMPLATE_VARIABLES.map((v) => (
              <li key={v}>
                <code>{`{{${v}}}`}</code> <CopyButton text={`{{${v}}}`} ariaLabel={`Copy {{${v}}}`} />
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </FormDialog>
  );
}

/** The preview: html and text tabs filled from the spec's sample data, rendered with Mustache. */
export function PreviewDialog({ template, onClose }: { readonly template: EmailTemplate; readonly onClose: () => void }) {
  const settings = useOp('email', 'settings', {}, { staleTime: 30_000 });
  const [tab, setTab] = useState('html');
  const values = previewSampleData(new Date(), settings.data ? settingsVariables(settings.data.data) : {});
  const ok = [template.subject_template, template.html_template, template.text_template].every(templateParses);
  const text = renderTemplate(template.text_template, values, 'text');
  return (
    <Modal open title={`Preview: ${template.template_name}`} width="820px" onClose={onClose} testId="template-preview">
      {ok ? (
        <>
          <p>
            <strong>Subject:</strong> <span data-testid="preview-subject">{renderTemplate(template.subject_template, values, 'text')}</span>
          </p>
          <Tabs
            label="Preview format"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'html', label: 'HTML' },
              { id: 'text', label: 'Text' },
            ]}
          >
            {tab === 'html' ? (
              <HtmlFrame html={renderTemplate(template.html_template, values, 'html')} title={`HTML preview of ${template.template_name}`} />
            ) : (
              <pre className="email-text" data-testid="preview-text">
                {text.length > PREVIEW_TEXT_LIMIT ? `${text.slice(0, PREVIEW_TEXT_LIMIT)}...` : text}
              </pre>
            )}
          </Tabs>
        </>
      ) : (
        <p role="alert">{ENGAGEMENT_MESSAGES.preview}</p>
      )}
      <div className="form-actions">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
