import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { CopyButton } from '../components/CopyButton.js';
import { CheckboxField, SelectField, TextField, TextareaField } from '../components/FormFields.js';
import { Modal } from '../components/Modal.js';
import { Tabs } from '../components/Tabs.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ENGAGEMENT_MESSAGES, TEMPLATE_TYPES, templateErrors } from '../../shared/rules/email/engagement.js';
import { PREVIEW_TEXT_LIMIT, TEMPLATE_VARIABLES, previewSampleData, renderTemplate, templateParses } from '../../shared/rules/email/render.js';
import { settingsVariables } from '../../shared/rules/email/settings.js';
import type { EmailTemplate } from '../../shared/rules/email/types.js';
import { HtmlFrame } from './HtmlFrame.js';

const typeLabel = (t: string) => t.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** View (read-only), edit or create a template; edit mode shows the copyable variables. */
export function TemplateDialog({
  template,
  mode,
  onClose,
}: {
  readonly template: EmailTemplate | null;
  readonly mode: 'view' | 'edit';
  readonly onClose: () => void;
}) {
  const save = useWriteOp('email', 'saveTemplate');
  const [name, setName] = useState(template?.template_name ?? '');
  const [type, setType] = useState<string>(template?.template_type ?? 'onboarding');
  const [category, setCategory] = useState(template?.category ?? '');
  const [subject, setSubject] = useState(template?.subject_template ?? '');
  const [html, setHtml] = useState(template?.html_template ?? '');
  const [text, setText] = useState(template?.text_template ?? '');
  const [ai, setAi] = useState(template?.ai_personalization_enabled ?? false);
  const [errors, setErrors] = useState<string[]>([]);
  const readOnly = mode === 'view';
  const submit = async () => {
    const problems = templateErrors(name, subject);
    setErrors(problems);
    if (problems.length > 0) return;
    try {
      await save.mutateAsync({
        ...(template ? { id: template.id } : {}),
        templateName: name,
        templateType: type as (typeof TEMPLATE_TYPES)[number],
        category: category || null,
        subjectTemplate: subject,
        htmlTemplate: html || null,
        textTemplate: text || null,
        aiPersonalizationEnabled: ai,
      });
      notify.success(template ? 'Template updated' : 'Template created');
      onClose();
    } catch (err) {
      notify.error(ENGAGEMENT_MESSAGES.saveTemplate(errorText(err as never)));
    }
  };
  return (
    <Modal open title={readOnly ? 'View Template' : template ? 'Edit Template' : 'Create Template'} width="880px" onClose={onClose}>
      <div className={readOnly ? undefined : 'email-edit-grid'}>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {errors.length > 0 ? (
            <div className="form-error" role="alert" data-testid="template-errors">
              <strong>{ENGAGEMENT_MESSAGES.validationTitle}</strong>
              {errors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </div>
          ) : null}
          <TextField label="Template Name" value={name} readOnly={readOnly} onChange={(e) => setName(e.target.value)} />
          <SelectField
            label="Template Type"
            value={type}
            disabled={readOnly}
            onValueChange={setType}
            options={TEMPLATE_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
          />
          <TextField label="Category" value={category} readOnly={readOnly} onChange={(e) => setCategory(e.target.value)} />
          <TextField label="Subject Template" value={subject} readOnly={readOnly} onChange={(e) => setSubject(e.target.value)} />
          <TextareaField label="HTML Template" rows={8} value={html} readOnly={readOnly} onChange={(e) => setHtml(e.target.value)} />
          <TextareaField label="Text Template" rows={6} value={text} readOnly={readOnly} onChange={(e) => setText(e.target.value)} />
          <CheckboxField label="AI personalization" checked={ai} disabled={readOnly} onCheckedChange={setAi} />
          <div className="form-actions">
            <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
            {readOnly ? null : (
              <Button type="submit" variant="primary" busy={save.isPending}>
                Save Template
              </Button>
            )}
          </div>
        </form>
        {readOnly ? null : (
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
        )}
      </div>
    </Modal>
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
