import { useId } from 'react';
import type { CoachFormValues } from '../../shared/rules/coaches/form.js';
import { COACH_CATEGORIES, SUBSCRIPTION_TIERS, coachTypeLabel, coachTypeValues } from '../../shared/rules/coaches/fields.js';
import { slugify } from '../../shared/rules/common/slug.js';
import { Field } from '../components/Field.js';
import { CheckboxField } from '../components/Checkbox.js';
import { SelectField } from '../components/FormFields.js';

interface Props {
  readonly value: CoachFormValues;
  readonly onChange: (next: CoachFormValues) => void;
  readonly productName: string;
  /** The slug that will be (new coach) or was (edit) derived from the name. */
  readonly slug: 'derived' | string | null;
}

const label = (s: string) => s.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

function TextArea({ label: text, value, onChange, rows = 3 }: { label: string; value: string; onChange: (v: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{text}</label>
      <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** A coach's configuration fields (new coach and coach edit). */
export function CoachForm({ value, onChange, productName, slug }: Props) {
  const set = (patch: Partial<CoachFormValues>) => onChange({ ...value, ...patch });
  const shownSlug = slug === 'derived' ? slugify(value.name) : slug;
  return (
    <div className="coach-form">
      <Field label="Name" value={value.name} onChange={(e) => set({ name: e.target.value })} required hint={shownSlug ? `Slug: ${shownSlug}` : undefined} />
      <TextArea label="Description" value={value.description} onChange={(description) => set({ description })} />
      <div className="coach-form-row">
        <SelectField
          label="Category"
          value={value.category}
          options={[{ value: '', label: 'No category' }, ...COACH_CATEGORIES.map((c) => ({ value: c, label: label(c) }))]}
          onValueChange={(category) => set({ category })}
        />
        <SelectField
          label="Subscription tier"
          value={value.subscriptionTier}
          options={SUBSCRIPTION_TIERS.map((t) => ({ value: t, label: label(t) }))}
          onValueChange={(subscriptionTier) => set({ subscriptionTier })}
        />
        <SelectField
          label="Coach type"
          value={value.coachType}
          options={coachTypeValues(productName).map((t) => ({ value: t, label: coachTypeLabel(t, productName) }))}
          onValueChange={(coachType) => set({ coachType })}
        />
      </div>
      <TextArea label="Sample interaction" value={value.sampleInteraction} onChange={(sampleInteraction) => set({ sampleInteraction })} />
      <div className="coach-form-row">
        <CheckboxField label="Active" checked={value.isActive} onCheckedChange={(isActive) => set({ isActive })} />
        <CheckboxField label="Free" checked={value.isFree} onCheckedChange={(isFree) => set({ isFree })} />
      </div>
    </div>
  );
}
