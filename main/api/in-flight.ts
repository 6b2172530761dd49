/**
 * The operations a router is answering now, each with the step it is at and its age: what a call that never answers
 * is waiting on (the fault run's watchdog prints it). Bookkeeping only: nothing reads it to decide an answer.
 */

/** Where a call is: the steps of main/api/router.ts. */
export type CallStage =
  'checking input' | 'admin check' | 'local answer' | 'read beside the check' | 'handler' | 'audit log' | 'keeping the answer' | 'offline answer';

export interface InFlightCall {
  readonly op: string;
  readonly stage: CallStage;
  /** Milliseconds since the call began. */
  readonly ageMs: number;
  /** Milliseconds since it reached its stage. */
  readonly stageMs: number;
}

export interface InFlightHandle {
  stage(stage: CallStage): void;
  end(): void;
}

export interface InFlight {
  begin(op: string): InFlightHandle;
  /** The calls not answered yet, oldest first. */
  list(): InFlightCall[];
}

export function createInFlight(now: () => number = () => performance.now()): InFlight {
  const calls = new Set<{ op: string; stage: CallStage; at: number; stageAt: number }>();
  return {
    begin(op) {
      const at = now();
      const call = { op, stage: 'checking input' as CallStage, at, stageAt: at };
      calls.add(call);
      return {
        stage(stage) {
          call.stage = stage;
          call.stageAt = now();
        },
        end: () => void calls.delete(call),
      };
    },
    list() {
      const t = now();
      return [...calls].map((c) => ({ op: c.op, stage: c.stage, ageMs: Math.round(t - c.at), stageMs: Math.round(t - c.stageAt) }));
    },
  };
}

/** One line per call, for a report: "banners.update at audit log (92 s; 90 s at this step)". */
export function describeInFlight(calls: readonly InFlightCall[]): string {
  if (!calls.length) return 'no call in flight';
  return calls.map((c) => `${c.op} at ${c.stage} (${Math.round(c.ageMs / 1000)} s; ${Math.round(c.stageMs / 1000)} s at this step)`).join('; ');
}
