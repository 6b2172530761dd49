/** What every operation answers across the bridge: data, or a code and a message a person can read. */

export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_OPERATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'OFFLINE',
  /** A write reached the server, or may have, but its answer was lost: the renderer refreshes what it affects. */
  'OUTCOME_UNKNOWN',
  'BACKEND_ERROR',
  'NOT_CONFIGURED',
  /** The backend refused for now (HTTP 429); the message says how long to wait. */
  'RATE_LIMITED',
  /** The active connection is read-only: main refused a write before anything was sent. */
  'READ_ONLY',
  /** The active connection is in confirm mode and this destructive operation had no typed-name confirmation. */
  'CONFIRMATION_REQUIRED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

export interface OfflineMeta {
  /** ISO time the kept data was fetched from the backend. */
  readonly fetchedAt: string;
}

export interface Ok<T> {
  readonly ok: true;
  readonly data: T;
  /** Present when the backend could not be reached and this is data kept from an earlier fetch. */
  readonly offline?: OfflineMeta;
}

export interface Err {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly issues?: readonly InputIssue[];
  /** CONFIRMATION_REQUIRED only: the active profile's name, so the window can ask for it and call again with it. */
  readonly confirmName?: string;
}

export type Result<T> = Ok<T> | Err;

export const ok = <T>(data: T, offline?: OfflineMeta): Ok<T> => (offline ? { ok: true, data, offline } : { ok: true, data });
export const err = (code: ErrorCode, message: string, issues?: readonly InputIssue[]): Err =>
  issues && issues.length ? { ok: false, code, message, issues } : { ok: false, code, message };
