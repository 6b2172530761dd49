import { useState, type FormEvent } from 'react';
import type { WisdomDraft } from '../../shared/rules/wisdom/types.js';
import { EXPERTISE_AREAS, NO_TIME_PERIOD, TIME_PERIODS, WISDOM_CATEGORIES, WISDOM_LIMITS, wisdomLabel } from '../../shared/rules/wisdom/fields.js';
import { missingRequired } from '../../shared/rules/wisdom/validate.js';
import { Button } from '../components/Button.js';
import { CheckboxField, SelectField, TextareaField, TextField } from '../components/FormFields.js';

interface Props {
  readonly mode: 'create' | 'update';
  readonly initial: WisdomDraft;
  readonly busy: boolean;
  /** Called with a draft that passed the required-field rule; the page sends it. */
  readonly onSubmit: (draft: WisdomDraft) => void;
  /** The spec's 'Please fill in all required fields', shown by the page as a toast. */
  readonly onInvalid: (message: string) => void;
  readonly onCancel: () => void;
}

const REQUIRED = 'This field is required';
const CATEGORY_OPTIONS = WISDOM_CATEGORIES.map((c) => ({ value: c, label: wisdomLabel(c) }));
const PERIOD_OPTIONS = [{ value: NO_TIME_PERIOD, label: 'None' }, ...TIME_PERIODS.map((p) => ({ value: p, label: wisdomLabel(p) }))];

/** The add form and the in-place edit form: the same fields, with the create or update rule of spec 2 section 5. */
export function WisdomForm({ mode, initial, busy, onSubmit, onInvalid, onCancel }: Props) {
  const [d, setD] = useState<WisdomDraft>(initial);
  // Field errors show only after a first attempt, not while the form is still being filled in.
  const [tried, setTried] = useState(false);
  const set = <K extends keyof WisdomDraft>(key: K, value: WisdomDraft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const missing = (v: string) => (tried && v.trim() === '' ? REQUIRED : undefined);
  const toggleArea = (area: string, on: boolean) => set('expertiseAreas', on ? [...d.expertiseAreas, area] : d.expertiseAreas.filter((a) => a !== area));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const message = missingRequired(d, mode);
    if (message) onInvalid(message);
    else onSubmit(d);
  };

  return (
    <form className="wisdom-form" onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add wisdom source' : `Edit ${initial.name}`}>
      <TextField label="Name *" value={d.name} maxLength={WISDOM_LIMITS.name} onChange={(e) => set('name', e.target.value)} error={missing(d.name)} />
      <TextareaField
        label="Description *"
        rows={3}
        value={d.description}
        maxLength={WISDOM_LIMITS.description}
        onChange={(e) => set('description', e.target.value)}
        error={missing(d.description)}
      />
      <SelectField
        label={mode === 'create' ? 'Category *' : 'Category'}
        options={CATEGORY_OPTIONS}
        {...(mode === 'create' ? { placeholder: 'Select a category' } : {})}
        value={d.category}
        onValueChange={(v) => set('category', v)}
        error={mode === 'create' ? missing(d.category) : undefined}
      />
      <SelectField
        label="Time Period"
        hint="Optional: None leaves it empty"
        options={PERIOD_OPTIONS}
        value={d.timePeriod}
        onValueChange={(v) => set('timePeriod', v)}
      />
      <TextField
        label="Cultural Background"
        value={d.culturalBackground}
        maxLength={WISDOM_LIMITS.culturalBackground}
        onChange={(e) => set('culturalBackground', e.target.value)}
      />
      <fieldset className="wisdom-areas">
        <legend>Expertise Areas</legend>
        {EXPERTISE_AREAS.map((a) => (
          <CheckboxField key={a} label={wisdomLabel(a)} checked={d.expertiseAreas.includes(a)} onCheckedChange={(c) => toggleArea(a, c)} />
        ))}
      </fieldset>
      <CheckboxField label="Active" checked={d.isActive} onCheckedChange={(c) => set('isActive', c)} />
      <div className="wisdom-form-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {mode === 'create' ? 'Create Source' : 'Save Changes'}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
