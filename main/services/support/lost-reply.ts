/**
 * What every settlement of a lost reply (issue 31: insert-, append-, update-, delete-, bulk-settled.ts, account
 * deletion) starts and ends with, written once.
 */
import { changeMayHaveLandedInThisCall, settledNotLanded, unreachableInThisCall } from '../../core/connectivity.js';
import { AppError, OFFLINE_WRITE_MESSAGE } from '../../ground/errors.js';

/** The backend was lost after a change of this call may have reached it: the reply is lost, not a refusal. */
export const replyLost = (): boolean => unreachableInThisCall() && changeMayHaveLandedInThisCall();

/** Settled as not landed: the router is told no change landed, and the answer is "nothing was saved". */
export function nothingWasSaved(): never {
  settledNotLanded();
  throw new AppError('OFFLINE', OFFLINE_WRITE_MESSAGE);
}
