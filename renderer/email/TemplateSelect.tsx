import { SelectField } from '../components/FormFields.js';
import type { EmailTemplate } from '../../shared/rules/email/types.js';

/** The "Template" field of the trigger and campaign forms: one of the e-mail templates, none chosen at first. */
export function TemplateSelect({
  id,
  templates,
  value,
  onValueChange,
}: {
  readonly id: string;
  readonly templates: readonly EmailTemplate[];
  readonly value: string;
  readonly onValueChange: (id: string) => void;
}) {
  return (
    <SelectField
      id={id}
      label="Template"
      value={value}
      placeholder="Select a template"
      onValueChange={onValueChange}
      options={templates.map((t) => ({ value: t.id, label: t.template_name }))}
    />
  );
}
