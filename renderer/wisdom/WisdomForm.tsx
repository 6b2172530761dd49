import { useId, useState, type FormEvent } from 'react';
import type { WisdomDraft } from '../../shared/rules/wisdom/types.js';
import { EXPERTISE_AREAS, NO_TIME_PERIOD, TIME_PERIODS, WISDOM_CATEGORIES, WISDOM_LIMITS, wisdomLabel } from '../../shared/rules/wisdom/fields.js';
import { missingRequired } from '../../shared/rules/wisdom/validate.js';
import { Button } from '../components/Button.js';
import { Field } from '../components/Field.js';

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

/** The add form and the in-place edit form: the same fields, with the create or update rule of spec 2 section 5. */
export function WisdomForm({ mode, initial, busy, onSubmit, onInvalid, onCancel }: Props) {
  const [d, setD] = useState<WisdomDraft>(initial);
  const [tried, setTried] = useState(false);
  const uid = useId();
  const set = <K extends keyof WisdomDraft>(key: K, value: WisdomDraft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const blank = (v: string) => tried && v.trim() === '';
  const toggleArea = (area: string, on: boolean) =>
    set('expertiseAreas', on ? [...d.expertiseAreas, area] : d.expertiseAreas.filter((a) => a !== area));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const missing = missingRequired(d, mode);
    if (missing) onInvalid(missing);
    else onSubmit(d);
  };

  const required = 'This field is required';
  return (
    <form className="wisdom-form" onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add wisdom source' : `Edit ${initial.name}`}>
      <Field label="Name *" value={d.name} maxLength={WISDOM_LIMITS.name} onChange={(e) => set('name', e.target.value)} error={blank(d.name) ? required : undefined} />
      {/* Textarea, select and checkbox wrappers come from the screen kit. */}
      <div className="field">
        <label htmlFor={`${uid}-description`}>Description *</label>
        <textarea id={`${uid}-description`} rows={3} maxLength={WISDOM_LIMITS.description} value={d.description} onChange={(e) => set('description', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${uid}-category`}>{mode === 'create' ? 'Category *' : 'Category'}</label>
        <select id={`${uid}-category`} value={d.category} onChange={(e) => set('category', e.target.value)}>
          {mode === 'create' ? <option value="">Select a category</option> : null}
          {WISDOM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {wisdomLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-period`}>Time Period</label>
        <select id={`${uid}-period`} value={d.timePeriod} onChange={(e) => set('timePeriod', e.target.value)}>
          <option value={NO_TIME_PERIOD}>None</option>
          {TIME_PERIODS.map((p) => (
            <option key={p} value={p}>
              {wisdomLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <Field label="Cultural Background" value={d.culturalBackground} maxLength={WISDOM_LIMITS.culturalBackground} onChange={(e) => set('culturalBackground', e.target.value)} />
      <fieldset className="wisdom-areas">
        <legend>Expertise Areas</legend>
        {EXPERTISE_AREAS.map((a) => (
          <label key={a} className="wisdom-area">
            <input type="checkbox" checked={d.expertiseAreas.includes(a)} onChange={(e) => toggleArea(a, e.target.checked)} />
            {wisdomLabel(a)}
          </label>
        ))}
      </fieldset>
      <label className="wisdom-area">
        <input type="checkbox" checked={d.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        Active
      </label>
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
