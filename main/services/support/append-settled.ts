/**
 * A version append (a SQL function that numbers the new version itself) whose lost reply is settled (issue 31): the
 * family's highest version number is read before the call; after a lost reply the versions above it are read, and
 * the one asked for among them is the answer (saved), none with a request that cannot land any more is "nothing was
 * saved" (AppError OFFLINE); a request that may still land, or a read that failed, is read again a few times; else
 * the lost reply's own answer stands (the router says outcome unknown).
 */
import { changeMayStillLandInThisCall } from '../../core/connectivity.js';
import { settleLostAppend } from './settle.js';
import { nothingWasSaved, replyLost } from './lost-reply.js';

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
  if (!first.error || !replyLost()) return first;
  const settle = async () =>
    settleLostAppend((await reads.newerThan(before).catch(() => undefined)) ?? 'unreadable', reads.ours, changeMayStillLandInThisCall());
  let s = await settle();
  // Unknown: a request held past the timeout usually lands a moment later, and a failed read may pass on a second
  // try. Read again a few times before leaving the administrator in doubt (an append cannot be sent twice).
  for (let n = 0; s.settled === 'unknown' && n < LATE_READS; n++) {
    await new Promise((r) => setTimeout(r, lateReadMs));
    s = await settle();
  }
  if (s.settled === 'saved') return answerOf(s.row);
  if (s.settled === 'not-saved') {
    nothingWasSaved();
  }
  return first;
}

/** Reads again after an unknown, this far apart: about 3 s more before "outcome unknown". */
const LATE_READS = 3;
let lateReadMs = 1_000;

/** Tests shorten the wait between late reads. */
export function setLateReadMs(ms: number): void {
  lateReadMs = ms;
}
