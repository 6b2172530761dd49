import type { ErrorCode } from '../../shared/contract/result.js';

/** An error meant for the administrator: its message is shown as is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const fail = (code: ErrorCode, message: string): never => {
  throw new AppError(code, message);
};

export const OFFLINE_WRITE_MESSAGE = 'The backend cannot be reached, so nothing was saved. Check the connection and try again.';
export const OUTCOME_UNKNOWN_MESSAGE =
  'The connection was lost before the server answered, so Reflect Admin cannot tell whether the change was saved. The screen has been refreshed to show what the server holds.';
export const OFFLINE_READ_MESSAGE = 'The backend cannot be reached and no data from an earlier visit is kept on this computer.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again.';
export { ACCESS_DENIED_TEXT as ACCESS_DENIED_MESSAGE } from '../../shared/rules/auth/access.js';
