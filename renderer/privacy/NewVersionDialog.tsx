import { useState } from 'react';
import { PRIVACY_MESSAGES } from '../../shared/rules/privacy/document.js';
import { useWriteOp } from '../api/hooks.js';
import { FormDialog } from '../components/FormDialog.js';
import { TextareaField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';

/** Create New Version: summary required, reason optional; the new version is active at once. */
export function NewVersionDialog({
  content,
  open,
  onClose,
  onCreated,
}: {
  readonly content: string;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onCreated: () => void;
}) {
  const create = useWriteOp('privacy', 'createVersion');
  const [summary, setSummary] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setSummary('');
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = () => {
    if (summary.trim() === '') {
      setError(PRIVACY_MESSAGES.summaryRequired);
      return;
    }
    create.mutate(
      { content, changeSummary: summary.trim(), changeReason: reason.trim() || null },
      {
        onSuccess: () => {
          notify.success(PRIVACY_MESSAGES.created);
          close();
          onCreated();
        },
        onError: (err) => notify.error(PRIVACY_MESSAGES.saveFailed, errorText(err)),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Create New Version"
      description="The new version replaces the active one at once."
      submitLabel="Create and Activate"
      busy={create.isPending}
      onSubmit={submit}
      onCancel={close}
    >
      <TextField
        label="Change summary"
        value={summary}
        error={error}
        onChange={(e) => {
          setSummary(e.target.value);
          setError(undefined);
        }}
        placeholder="What changed?"
      />
      <TextareaField label="Reason for change" hint="Optional" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
    </FormDialog>
  );
}
