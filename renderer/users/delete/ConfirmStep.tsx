import { useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { Field } from '../../components/Field.js';
import {
  DELETION_ACKNOWLEDGEMENTS,
  DELETION_REASON_MAX_LENGTH,
  DELETION_REASON_MIN_LENGTH,
  canConfirm,
  confirmStepProblems,
  confirmationText,
  type Acknowledgements,
} from '../../../shared/rules/users/deletion.js';
import { CheckboxField } from '../../components/Checkbox.js';

interface Props {
  readonly email: string;
  readonly userId: string;
  readonly reason: string;
  readonly onReason: (v: string) => void;
  readonly typedEmail: string;
  readonly onTypedEmail: (v: string) => void;
  readonly acks: Acknowledgements;
  readonly onAcks: (a: Acknowledgements) => void;
  readonly onCancel: () => void;
  readonly onContinue: () => void;
}

/** Step 2 (spec 1 section 5): a reason of at least 10 characters, the e-mail (or, without one, the user id) typed exactly, three acknowledgements. */
export function ConfirmStep({ email, userId, reason, onReason, typedEmail, onTypedEmail, acks, onAcks, onCancel, onContinue }: Props) {
  const [tried, setTried] = useState(false);
  const reasonId = useId();
  const problems = confirmStepProblems(reason, typedEmail, email, acks, userId);
  const show = (p: string | null) => (tried && p ? p : undefined);

  return (
    <form
      className="users-delete-step form"
      noValidate
      aria-label="Confirm the deletion"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (canConfirm(problems)) onContinue();
      }}
    >
      <div className="field">
        <label htmlFor={reasonId}>Reason for deletion</label>
        <textarea
          id={reasonId}
          value={reason}
          rows={3}
          maxLength={DELETION_REASON_MAX_LENGTH}
          aria-invalid={show(problems.reason) ? true : undefined}
          aria-describedby={`${reasonId}-hint${show(problems.reason) ? ` ${reasonId}-error` : ''}`}
          onChange={(e) => onReason(e.target.value)}
        />
        <p id={`${reasonId}-hint`} className="field-hint">
          At least {DELETION_REASON_MIN_LENGTH} characters ({reason.trim().length} now). Recorded in the deletion audit.
        </p>
        {show(problems.reason) ? (
          <p id={`${reasonId}-error`} className="field-error" role="alert">
            {problems.reason}
          </p>
        ) : null}
      </div>
      <Field
        label={
          <>
            {email ? 'Type' : 'This account has no e-mail address. Type its user id'} <code>{confirmationText(email, userId)}</code> to confirm
          </>
        }
        value={typedEmail}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onTypedEmail(e.target.value)}
        error={show(problems.email)}
      />
      <fieldset className="users-acks">
        <legend>Acknowledgements</legend>
        {DELETION_ACKNOWLEDGEMENTS.map((a) => (
          <CheckboxField key={a.id} label={a.label} checked={acks[a.id]} onCheckedChange={(c) => onAcks({ ...acks, [a.id]: c })} />
        ))}
        {show(problems.acknowledgements) ? (
          <p className="field-error" role="alert">
            {problems.acknowledgements}
          </p>
        ) : null}
      </fieldset>
      <div className="users-dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="danger">
          Continue
        </Button>
      </div>
    </form>
  );
}
