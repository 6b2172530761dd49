import { useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { FormDialog } from '../components/FormDialog.js';
import { CheckboxField, SelectField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import type { ProfileSummary, SafetyMode } from '../../shared/rules/profiles/types.js';

const MODE_CHOICES = [
  { value: 'normal', label: 'Normal' },
  { value: 'confirm', label: 'Confirm: deletions ask for the connection name' },
  { value: 'read-only', label: 'Read-only: no changes to the project' },
];

/** Settings' safety dialog for one connection, built-in ones included: its mode and whether it is production. */
export function SafetyDialog({ profile, onDone }: { readonly profile: ProfileSummary; readonly onDone: () => void }) {
  const save = useWriteOp('profiles', 'setSafety');
  const [safetyMode, setMode] = useState<SafetyMode>(profile.safetyMode);
  const [production, setProduction] = useState(profile.production);
  return (
    <FormDialog
      open
      title={`Safety of ${profile.name}`}
      description="Applies on this computer, enforced by Reflect Admin whatever a screen asks."
      submitLabel="Save"
      busy={save.isPending}
      onCancel={onDone}
      onSubmit={() =>
        save.mutate(
          { id: profile.id, safetyMode, production },
          {
            onSuccess: () => (notify.success('Safety settings saved'), onDone()),
            onError: (e) => notify.error('Could not save the safety settings', e.message),
          },
        )
      }
    >
      <SelectField label="Safety mode" value={safetyMode} options={MODE_CHOICES} onValueChange={(v) => setMode(v as SafetyMode)} />
      <CheckboxField
        label="Production: show a coloured band with this connection's name on every screen"
        checked={production}
        onCheckedChange={setProduction}
      />
    </FormDialog>
  );
}
