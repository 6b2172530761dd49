/**
 * A version append (a SQL function that numbers the new version itself) whose lost reply is settled (issue 31): the
 * family's highest version number is read before the call; after a lost reply the versions above it are read, and
 * the one asked for among them is the answer (saved), none with a request that cannot land any more is "nothing was
 * saved" (AppError OFFLINE), else the lost reply's own answer stands (the router says outcome unknown).
 */
import { changeMayHaveLandedInThisCall, changeMayStillLandInThisCall, settledNotLanded, unreachableInThisCall } from '../../core/connectivity.js';
import { AppError, OFFLINE_WRITE_MESSAGE } from '../../ground/errors.js';
import { settleLostAppend } from './settle.js';

export interface AppendReads<Row> {
  /** The family's highest version number now (0 when it has none); throws when it cannot be read, and nothing is sent. */
  readonly newest: () => Promise<number>;
  /** The family's versions above `version`, or undefined when they cannot be read. */
  readonly newerThan: (version: number) => Promise<readonly Row[] | undefined>;
  /** Whether a version is the one this call asked for (its content and author). */
  readonly ours: (row: Row) => boolean;
}

export async function appendSettled<Answer extends { readonly error: unknown }, Row>(
  reads: AppendReads<Row>,
  send: () => PromiseLike<Answer>,
  answerOf: (row: Row) => Answer,
): Promise<Answer> {
  const before = await reads.newest();
  const first = await send();
  if (!first.error || !(unreachableInThisCall() && changeMayHaveLandedInThisCall())) return first;
  const newer = await reads.newerThan(before).catch(() => undefined);
  const s = settleLostAppend(newer ?? 'unreadable', reads.ours, changeMayStillLandInThisCall());
  if (s.settled === 'saved') return answerOf(s.row);
  if (s.settled === 'not-saved') {
    settledNotLanded();
    throw new AppError('OFFLINE', OFFLINE_WRITE_MESSAGE);
  }
  return first;
}
