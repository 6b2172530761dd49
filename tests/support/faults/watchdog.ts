/**
 * The fault run's watchdog: a call (or the run's own step) that has not answered within a bound, well above the
 * app's own timeouts, is a violation naming what was asked and what main is waiting on, and the run goes on instead
 * of hanging forever. Nothing can cancel a promise: the late call is left to finish (or not) on its own.
 */
import type { Violation } from './checks.js';

/** Default bound: 90 s, far above the run's request timeout (2 s) and the longest retry of a read (~7 s). */
export const WATCHDOG_MS = 90_000;

export type Watched<T> = { readonly answered: true; readonly value: T } | { readonly answered: false };

/** `call`'s answer, or `{answered: false}` once `ms` have passed without one; a rejection passes through. */
export function within<T>(call: Promise<T>, ms: number): Promise<Watched<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Watched<T>>((resolve) => (timer = setTimeout(() => resolve({ answered: false }), ms)));
  const answered = call.then((value): Watched<T> => ({ answered: true, value }));
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export interface LateCall {
  readonly step: number;
  readonly instance?: 'A' | 'B';
  readonly op: string;
  readonly input?: unknown;
  readonly ms: number;
  /** What main is waiting on when the bound passes (main/api/in-flight.ts's description). */
  readonly waitingOn?: () => string;
}

/** The violation of a call that did not answer in time: enough to replay it (the run adds seed and step). */
export function lateViolation(c: LateCall): Violation {
  const input = c.input === undefined ? '' : ` (input ${JSON.stringify(c.input)})`;
  const waiting = c.waitingOn ? `; in flight: ${c.waitingOn()}` : '';
  return {
    step: c.step,
    ...(c.instance ? { instance: c.instance } : {}),
    op: c.op,
    message: `no answer within ${Math.round(c.ms / 1000)} s${input}${waiting}`,
  };
}
