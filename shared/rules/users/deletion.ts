/**
 * Spec 1 section 5 (and "Admin delete-user dialog"): the rules of deleting a user account. The dialog checks them
 * as the administrator types; main checks them again, against the server's own records, before deleting (A2).
 * The spec shows no messages for this flow (the original only logged failures); these are ours.
 */

export const DELETION_REASON_MIN_LENGTH = 10;
export const DELETION_REASON_MAX_LENGTH = 1000;

export const DELETION_STEPS = ['preview', 'confirm', 'final'] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/** The three acknowledgements: permanent, admin responsibility, no recovery. */
export const DELETION_ACKNOWLEDGEMENTS = [
  { id: 'permanent', label: 'I understand that this deletion is permanent.' },
  { id: 'responsibility', label: 'I take responsibility, as an administrator, for deleting this account.' },
  { id: 'noRecovery', label: 'I understand that the data cannot be recovered afterwards.' },
] as const;
export type AcknowledgementId = (typeof DELETION_ACKNOWLEDGEMENTS)[number]['id'];

export const DELETION_MESSAGES = {
  reasonTooShort: `Please give a reason of at least ${DELETION_REASON_MIN_LENGTH} characters.`,
  reasonTooLong: `The reason can be at most ${DELETION_REASON_MAX_LENGTH} characters.`,
  emailMismatch: "The e-mail address does not match this user's e-mail address.",
  idMismatch: 'This account has no e-mail address: type its user id exactly to confirm.',
  acknowledgementsMissing: 'Please tick all three acknowledgements.',
  self: 'You cannot delete your own account.',
  lastAdmin: 'This is the last administrator account; it cannot be deleted.',
  notFound: 'This user no longer exists.',
  previewFailed: 'The impact of this deletion could not be loaded.',
  failed: 'The account could not be deleted.',
  stillThere: 'The backend reported the deletion, but the account still exists. Check the user list.',
  deleted: (email: string) => `Deleted the account of ${email}`,
} as const;

export function deletionReasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed.length < DELETION_REASON_MIN_LENGTH) return DELETION_MESSAGES.reasonTooShort;
  if (trimmed.length > DELETION_REASON_MAX_LENGTH) return DELETION_MESSAGES.reasonTooLong;
  return null;
}

/** What the administrator types to confirm: the account's e-mail, or its user id when it has no e-mail. */
export const confirmationText = (email: string, userId: string): string => (email ? email : userId);

/**
 * The typed text must equal the confirmation text exactly (no trimming, no case folding), and is never empty:
 * an account without an e-mail is confirmed by its id, not by an empty field.
 */
export const deletionConfirmed = (typed: string, email: string, userId: string): boolean => {
  const expected = confirmationText(email, userId);
  return expected !== '' && typed === expected;
};

export const confirmationMismatch = (email: string): string => (email ? DELETION_MESSAGES.emailMismatch : DELETION_MESSAGES.idMismatch);

export type Acknowledgements = Readonly<Record<AcknowledgementId, boolean>>;
export const NO_ACKNOWLEDGEMENTS: Acknowledgements = { permanent: false, responsibility: false, noRecovery: false };
export const allAcknowledged = (a: Acknowledgements): boolean => DELETION_ACKNOWLEDGEMENTS.every((x) => a[x.id]);

export interface ConfirmStepProblems {
  readonly reason: string | null;
  readonly email: string | null;
  readonly acknowledgements: string | null;
}

/** The problems that keep the confirm step from going on; all null means it may. */
export function confirmStepProblems(reason: string, typedEmail: string, email: string, acks: Acknowledgements, userId = ''): ConfirmStepProblems {
  return {
    reason: deletionReasonProblem(reason),
    email: deletionConfirmed(typedEmail, email, userId) ? null : confirmationMismatch(email),
    acknowledgements: allAcknowledged(acks) ? null : DELETION_MESSAGES.acknowledgementsMissing,
  };
}

export const canConfirm = (p: ConfirmStepProblems): boolean => !p.reason && !p.email && !p.acknowledgements;
