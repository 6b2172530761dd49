import { useId, useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { FormDialog } from '../components/FormDialog.js';
import type { FieldProblem } from '../components/ErrorSummary.js';
import { SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ADMIN_MESSAGES, ADMIN_ROLES, adminFormError } from '../../shared/rules/email/admin-users.js';

const ROLE_LABELS: Record<(typeof ADMIN_ROLES)[number], string> = { super_admin: 'Super Admin', admin: 'Admin', support: 'Support' };

export function AddAdminDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const create = useWriteOp('email', 'createAdminUser');
  const ids = { email: useId(), fullName: useId() };
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<(typeof ADMIN_ROLES)[number]>('admin');
  const [error, setError] = useState<FieldProblem | null>(null);
  const close = () => {
    setEmail('');
    setFullName('');
    setRole('admin');
    setError(null);
    onClose();
  };
  // One message at a time, as the spec words them; it leads to the field to fix (the first empty one).
  const problem = (message: string, fieldId?: string): FieldProblem => ({ message, testId: 'add-admin-error', ...(fieldId ? { fieldId } : {}) });
  const submit = async () => {
    const invalid = adminFormError(email, fullName);
    if (invalid) return setError(problem(invalid, email.trim() && invalid === ADMIN_MESSAGES.required ? ids.fullName : ids.email));
    setError(null);
    try {
      await create.mutateAsync({ email, fullName, role });
      notify.success(ADMIN_MESSAGES.created);
      close();
    } catch (err) {
      const text = errorText(err as never);
      setError(text === ADMIN_MESSAGES.duplicate ? problem(text, ids.email) : problem(ADMIN_MESSAGES.createFailed));
    }
  };
  return (
    <FormDialog
      open={open}
      title="Add New Admin User"
      submitLabel="Add Admin User"
      busy={create.isPending}
      errors={error ? [error] : []}
      onSubmit={() => void submit()}
      onCancel={close}
    >
      <TextField id={ids.email} label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      <TextField id={ids.fullName} label="Full Name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
      <SelectField
        label="Role"
        value={role}
        onValueChange={(v) => setRole(v as typeof role)}
        options={ADMIN_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
      />
    </FormDialog>
  );
}
