import type { OpError } from '../api/hooks.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';

/** The detail under an error toast: the server's message, or the spec's 'User not authenticated' for a lost session. */
export function errorText(err: OpError): string {
  return err.code === 'UNAUTHENTICATED' ? COACH_MESSAGES.notAuthenticated : err.message;
}
