import { useState } from 'react';
import { useOp, useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { FormDialog } from '../components/FormDialog.js';
import { NumberField, SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { formatCounted } from '../lib/format.js';
import { ACTIVITY_LEVELS, type SegmentFilters } from '../../shared/rules/email/segments.js';
import type { UserSegment } from '../../shared/rules/email/types.js';

const YES_NO = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const bool = (v: string) => (v === '' ? undefined : v === 'true');

/** Saved segments, filters with a preview count (admin-get-segment-count), save; 'Use This Segment' needs a count. */
export function SegmentationDialog({ onUse, onClose }: { readonly onUse: (segment: UserSegment) => void; readonly onClose: () => void }) {
  const segments = useOp('email', 'segments', {});
  const save = useWriteOp('email', 'saveSegment');
  const [activity, setActivity] = useState('');
  const [days, setDays] = useState('');
  const [goals, setGoals] = useState('');
  const [challenges, setChallenges] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [asked, setAsked] = useState<SegmentFilters | null>(null);
  const filters: SegmentFilters = {
    ...(activity ? { activityLevel: activity as SegmentFilters['activityLevel'] } : {}),
    ...(days.trim() !== '' && Number.isInteger(Number(days)) && Number(days) >= 0 ? { daysSinceLastActivity: Number(days) } : {}),
    ...(bool(goals) !== undefined ? { hasGoals: bool(goals) } : {}),
    ...(bool(challenges) !== undefined ? { hasChallenges: bool(challenges) } : {}),
  };
  const count = useOp('email', 'segmentCount', { filters: asked ?? {} }, { enabled: asked !== null });
  // The spec: a failed count shows as 1.
  const estimated = asked === null ? null : count.isError ? 1 : count.data ? count.data.data.count : null;
  const saveSegment = () =>
    save.mutateAsync({ name, description: description || null, filters, estimatedCount: estimated ?? 0 }).then(
      () => {
        notify.success('Segment saved');
        setName('');
        setDescription('');
      },
      // Segment saving errors are swallowed (spec 3 section 7).
      () => undefined,
    );
  // The form saves a segment (its name is required: Save Segment waits for one); using a saved segment and
  // previewing the count are buttons of their own.
  return (
    <FormDialog
      open
      title="User Segmentation"
      width="760px"
      submitLabel="Save Segment"
      cancelLabel="Close"
      submitDisabled={!name.trim()}
      busy={save.isPending}
      onSubmit={() => void saveSegment()}
      onCancel={onClose}
    >
      <section aria-label="Saved segments">
        <h3 className="email-subtitle">Saved segments</h3>
        <ul className="email-list" data-testid="segments">
          {(segments.data?.data ?? []).map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong> <span className="muted">{formatCounted(s.estimated_count, 'user')}</span>{' '}
              <Button disabled={s.estimated_count === 0} onClick={() => onUse(s)} aria-label={`Use This Segment: ${s.name}`}>
                Use This Segment
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <h3 className="email-subtitle">Filters</h3>
      <SelectField
        label="Activity Level"
        value={activity}
        onValueChange={setActivity}
        options={[{ value: '', label: 'Any' }, ...ACTIVITY_LEVELS.map((l) => ({ value: l, label: l }))]}
      />
      <NumberField label="Days Since Last Activity" min={0} step={1} value={days} onChange={(e) => setDays(e.target.value)} />
      <SelectField label="Has Goals" value={goals} onValueChange={setGoals} options={YES_NO} />
      <SelectField label="Has Challenges" value={challenges} onValueChange={setChallenges} options={YES_NO} />
      <div className="form-actions">
        <Button onClick={() => setAsked(filters)} busy={count.isFetching}>
          Preview Count
        </Button>
        <span role="status" data-testid="segment-count">
          {estimated === null ? '' : formatCounted(estimated, 'user')}
        </span>
      </div>
      <TextField label="Segment Name" value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
    </FormDialog>
  );
}
