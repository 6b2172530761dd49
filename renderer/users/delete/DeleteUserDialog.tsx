import { useState } from 'react';
import { useWriteOp } from '../../api/hooks.js';
import { notify } from '../../components/Toaster.js';
import { Modal } from '../../components/Modal.js';
import { DELETION_MESSAGES, NO_ACKNOWLEDGEMENTS, confirmationText, type Acknowledgements, type DeletionStep } from '../../../shared/rules/users/deletion.js';
import { shortUserId } from '../../../shared/rules/users/detail.js';
import { formatCounted, formatDateTime } from '../../lib/format.js';
import { PreviewStep } from './PreviewStep.js';
import { ConfirmStep } from './ConfirmStep.js';
import { FinalStep } from './FinalStep.js';
import { Tooltip } from '../../components/Tooltip.js';

export interface DeletionTarget {
  readonly userId: string;
  readonly email: string;
  readonly createdAt: string;
}

interface Props {
  readonly target: DeletionTarget;
  readonly onClose: () => void;
  /** After a completed deletion (the list it came from is refreshed by the write's invalidation). */
  readonly onDeleted: () => void;
}

const STEP_TITLES: Readonly<Record<DeletionStep, string>> = {
  preview: 'Step 1 of 3: Impact analysis',
  confirm: 'Step 2 of 3: Confirm',
  final: 'Step 3 of 3: Final confirmation',
};

/**
 * The three-step deletion (spec 1, "Admin delete-user dialog"): preview of the impact, confirmation (reason,
 * typed e-mail, three acknowledgements), final. Closing or Cancel drops every entry: the dialog is unmounted.
 */
export function DeleteUserDialog({ target, onClose, onDeleted }: Props) {
  const [step, setStep] = useState<DeletionStep>('preview');
  const [reason, setReason] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const [acks, setAcks] = useState<Acknowledgements>(NO_ACKNOWLEDGEMENTS);
  const remove = useWriteOp('users', 'deleteUser');

  const submit = () =>
    remove.mutate(
      { targetUserId: target.userId, reason: reason.trim(), confirmEmail: typedEmail },
      {
        onSuccess: (result) => {
          notify.success(DELETION_MESSAGES.deleted(confirmationText(target.email, target.userId)), `${formatCounted(result.total_records, 'record')} removed.`);
          onDeleted();
        },
      },
    );

  return (
    <Modal open title="Delete User Account" className="users-dialog" describedBy="delete-user-summary" busy={remove.isPending} onClose={onClose}>
      <p className="users-dialog-step" data-testid="delete-step">
        {STEP_TITLES[step]}
      </p>
      <dl id="delete-user-summary" className="users-delete-target">
        <dt>E-mail</dt>
        <dd>{target.email || 'None'}</dd>
        <dt>User ID</dt>
        <dd>
          <Tooltip content={target.userId}>
            <code>{shortUserId(target.userId)}</code>
          </Tooltip>
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(target.createdAt)}</dd>
      </dl>
      {step === 'preview' ? <PreviewStep userId={target.userId} onCancel={onClose} onContinue={() => setStep('confirm')} /> : null}
      {step === 'confirm' ? (
        <ConfirmStep
          email={target.email}
          userId={target.userId}
          reason={reason}
          onReason={setReason}
          typedEmail={typedEmail}
          onTypedEmail={setTypedEmail}
          acks={acks}
          onAcks={setAcks}
          onCancel={onClose}
          onContinue={() => setStep('final')}
        />
      ) : null}
      {step === 'final' ? (
        <FinalStep
          email={confirmationText(target.email, target.userId)}
          reason={reason.trim()}
          busy={remove.isPending}
          error={remove.error?.message}
          onBack={() => setStep('confirm')}
          onCancel={onClose}
          onDelete={submit}
        />
      ) : null}
    </Modal>
  );
}
