import { useState } from 'react';
import { FEATURE_KEYS, FLAG_MESSAGES, grantProblem } from '../../shared/rules/flags/flags.js';
import { useWriteOp } from '../api/hooks.js';
import { FormDialog } from '../components/FormDialog.js';
import { DateField, SelectField, TextareaField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { EMAIL_MESSAGES, isEmailAddress } from '../../shared/rules/common/email-address.js';

const blank = { email: '', featureKey: '', notes: '', expiresAt: '' };

/** The Grant Feature Flag dialog: e-mail and key required, notes and expiry optional. */
export function GrantFlagDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const grant = useWriteOp('flags', 'grant');
  const [v, setV] = useState(blank);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const close = () => {
    setV(blank);
    setEmailError(undefined);
    onClose();
  };
  const submit = () => {
    const problem = grantProblem(v.email, v.featureKey);
    if (problem) {
      notify.error(FLAG_MESSAGES.missingTitle, problem);
      return;
    }
    if (!isEmailAddress(v.email)) return setEmailError(EMAIL_MESSAGES.invalid);
    setEmailError(undefined);
    // datetime-local is the administrator's local time; the server stores an instant.
    const expiresAt = v.expiresAt ? new Date(v.expiresAt).toISOString() : null;
    grant.mutate(
      { email: v.email.trim(), featureKey: v.featureKey, notes: v.notes.trim() || null, expiresAt },
      {
        onSuccess: () => {
          notify.success(FLAG_MESSAGES.granted, `${v.featureKey} for ${v.email.trim()}`);
          close();
        },
        onError: (err) => notify.error(FLAG_MESSAGES.grantFailed, errorText(err)),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Grant Feature Flag"
      description="Turn a feature on for one user, optionally until a date."
      submitLabel="Grant Flag"
      busy={grant.isPending}
      onSubmit={submit}
      onCancel={close}
    >
      <TextField
        label="User email"
        type="email"
        autoComplete="off"
        error={emailError}
        value={v.email}
        onChange={(e) => setV({ ...v, email: e.target.value })}
        placeholder="user@example.com"
      />
      <SelectField
        label="Feature key"
        placeholder="Select a feature"
        options={FEATURE_KEYS.map((k) => ({ value: k, label: k }))}
        value={v.featureKey}
        onValueChange={(featureKey) => setV({ ...v, featureKey })}
      />
      <TextareaField label="Notes" hint="Optional" rows={3} value={v.notes} onChange={(e) => setV({ ...v, notes: e.target.value })} />
      <DateField
        label="Expires at"
        hint="Optional; leave empty for no expiry"
        withTime
        value={v.expiresAt}
        onChange={(e) => setV({ ...v, expiresAt: e.target.value })}
      />
    </FormDialog>
  );
}
