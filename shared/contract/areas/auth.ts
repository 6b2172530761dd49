import { z } from 'zod';
import { op } from '../define.js';
import { PUBLIC_WRITE, auditNotRecorded } from '../facts.js';
import type { SessionInfo } from '../../rules/auth/types.js';
import { emailAddress } from '../../rules/common/fields.js';

const email = emailAddress({ blank: 'Enter your e-mail address', invalid: 'Enter a valid e-mail address' });

export interface SignUpResult {
  readonly session: SessionInfo | null;
  /** True when the project requires e-mail confirmation before the first sign-in. */
  readonly confirmationRequired: boolean;
}

export const auth = {
  getSession: op<SessionInfo | null>()({ input: z.strictObject({}), kind: 'read', access: 'public' }),
  signIn: op<SessionInfo>()({
    input: z.strictObject({ email, password: z.string().min(1, 'Enter your password').max(200) }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
  }),
  signUp: op<SignUpResult>()({
    input: z.strictObject({
      email,
      password: z.string().min(6, 'Password must be at least 6 characters long').max(200),
      username: z.string().trim().min(1, 'Choose a username').max(50, 'Username is at most 50 characters'),
      acceptedTerms: z.boolean(),
      termsVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Terms version must be a date (YYYY-MM-DD)'),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNotRecorded(PUBLIC_WRITE),
    access: 'public',
  }),
  /** Safe to call twice: the second call finds no session and reports signedOut false. */
  signOut: op<{ signedOut: boolean }>()({ input: z.strictObject({}), kind: 'write', effect: 'local', audit: auditNotRecorded(PUBLIC_WRITE), access: 'public' }),
};
