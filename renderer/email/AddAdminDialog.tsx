import { useState } from 'react';
import { useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { Modal } from '../components/Modal.js';
import { SelectField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { ADMIN_MESSAGES, ADMIN_ROLES, adminFormError } from '../../shared/rules/email/admin-users.js';

const ROLE_LABELS: Record<(typeof ADMIN_ROLES)[number], string> = { super_admin: 'Super Admin', admin: 'Admin', support: 'Support' };

export function AddAdminDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const create = useWriteOp('email', 'createAdminUser');
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [role, setRole] = useState<(typeof ADMIN_ROLES)[number]>('admin');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setEmail('');
    setFullName('');
    setRole('admin');
    setError(null);
    onClose();
  };
  const submit = async () => {
    const invalid = adminFormError(email, fullName);
    setError(invalid);
    if (invalid) return;
    try {
      await create.mutateAsync({ email, fullName, role });
      notify.success(ADMIN_MESSAGES.created);
      close();
    } catch (err) {
      const text = errorText(err as never);
      setError(text === ADMIN_MESSAGES.duplicate ? text : ADMIN_MESSAGES.createFailed);
    }
  };
  return (
    <Modal open={open} title="Add New Admin User" onClose={close}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        <TextField label="Full Name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
        <SelectField
          label="Role"
          value={role}
          onValueChange={(v) => setRole(v as typeof role)}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        />
        {error ? (
          <p className="form-error" role="alert" data-testid="add-admin-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Add Admin User
          </Button>
        </div>
      </form>
    </Modal>
  );
}
