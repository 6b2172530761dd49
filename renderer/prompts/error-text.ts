import type { OpError } from '../api/hooks.js';

/** The detail under a prompt error toast: the server's message, or the spec's 'User not authenticated'. */
export function errorText(err: OpError): string {
  return err.code === 'UNAUTHENTICATED' ? 'User not authenticated' : err.message;
}
