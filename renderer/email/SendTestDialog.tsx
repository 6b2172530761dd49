import { useId, useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { FormDialog } from '../components/FormDialog.js';
import { SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ADMIN_MESSAGES, TEST_EMAIL_TYPES } from '../../shared/rules/email/admin-users.js';
import { EMAIL_MESSAGES, isEmailAddress } from '../../shared/rules/common/email-address.js';

const TYPE_LABELS: Record<(typeof TEST_EMAIL_TYPES)[number], string> = { basic: 'Basic', user_registration: 'User Registration', system_error: 'System Error' };
const TYPE_LABEL = 'Test Type';
const RECIPIENT_LABEL = 'Recipient Email (optional)';

/** test_admin_email: a type is required; the recipient defaults to the signed-in admin's own e-mail. */
export function SendTestDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const send = useWriteOp('email', 'sendTest');
  const ids = { type: useId(), recipient: useId() };
  const [type, setType] = useState('');
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recipientError, setRecipientError] = useState<string | null>(null);
  const close = () => {
    setType('');
    setRecipient('');
    setError(null);
    setRecipientError(null);
    onClose();
  };
  const submit = async () => {
    const chosen = TEST_EMAIL_TYPES.find((t) => t === type);
    if (!chosen) return setError('Please choose a test type');
    setError(null);
    if (recipient.trim() && !isEmailAddress(recipient)) return setRecipientError(EMAIL_MESSAGES.invalid);
    setRecipientError(null);
    try {
      const r = await send.mutateAsync({ testType: chosen, ...(recipient.trim() ? { recipientEmail: recipient.trim() } : {}) });
      notify.success(r.message);
      close();
    } catch (err) {
      notify.error(ADMIN_MESSAGES.testFailed, errorText(err as never));
    }
  };
  return (
    <FormDialog
      open={open}
      title="Send Test Email"
      submitLabel="Send Test Email"
      busy={send.isPending}
      errors={[
        ...(error ? [{ label: TYPE_LABEL, message: error, fieldId: ids.type }] : []),
        ...(recipientError ? [{ label: RECIPIENT_LABEL, message: recipientError, fieldId: ids.recipient }] : []),
      ]}
      onSubmit={() => void submit()}
      onCancel={close}
    >
      <SelectField
        id={ids.type}
        label={TYPE_LABEL}
        value={type}
        placeholder="Select a test type"
        onValueChange={setType}
        options={TEST_EMAIL_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        error={error ?? undefined}
      />
      <TextField
        id={ids.recipient}
        label={RECIPIENT_LABEL}
        type="email"
        error={recipientError ?? undefined}
        value={recipient}
        onChange={(e) => setRecipient(e.target.value)}
        hint="Leave empty to send it to your own e-mail."
      />
    </FormDialog>
  );
}
