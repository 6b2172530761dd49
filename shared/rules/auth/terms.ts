import type { z } from 'zod';

/** The version (a date) of the terms a new account accepts at sign-up; stored as terms_version. */
export const CURRENT_TERMS_VERSION = '2025-01-15';

/**
 * Under the terms checkbox when Create account is pressed with it unticked. The backend still records an account
 * made elsewhere without acceptance as null (spec 1), but this form creates none without it.
 */
export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms of service to create an account';

/** The sign-up form's own check on top of the operation's input: the terms box must be ticked. */
export function requireAcceptedTerms<T extends z.ZodType<{ acceptedTerms: boolean }>>(input: T) {
  return input.refine((v) => v.acceptedTerms, { path: ['acceptedTerms'], message: TERMS_REQUIRED_MESSAGE });
}
