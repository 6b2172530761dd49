import { Button } from '../../components/Button.js';

interface Props {
  readonly email: string;
  readonly reason: string;
  readonly busy: boolean;
  readonly error: string | undefined;
  readonly onBack: () => void;
  readonly onCancel: () => void;
  readonly onDelete: () => void;
}

/** Step 3: the last word. A failure is shown here, with main's reason (the original only logged it). */
export function FinalStep({ email, reason, busy, error, onBack, onCancel, onDelete }: Props) {
  return (
    <div className="users-delete-step">
      <div className="users-final-warning" role="note">
        <p>
          <strong>{email}</strong> and all of their data will be deleted permanently. This cannot be undone.
        </p>
        <p className="muted">Reason: {reason}</p>
      </div>
      {error ? (
        <div className="state-error users-delete-error" role="alert">
          <strong>Deletion failed.</strong> {error}
        </div>
      ) : null}
      <div className="users-dialog-actions">
        <Button onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="primary" className="users-danger-solid" onClick={onDelete} busy={busy}>
          Delete Permanently
        </Button>
      </div>
    </div>
  );
}
