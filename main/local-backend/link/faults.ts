/**
 * Faults a bad network does to requests, drawn at a given rate from a seed so a run that found a problem can be
 * replayed request for request. Pure: the proxy asks the schedule, in the order requests arrive, what to do.
 */
export const FAULT_KINDS = [
  /** The connection drops before the request reaches the backend: nothing happened there. */
  'cut-before',
  /** The backend acted and answered; the connection drops before the reply reaches the client. */
  'cut-after',
  /** The reply's headers and part of its body arrive, then the connection drops. */
  'cut-midway',
  /** The gateway answers 502 without passing the request on. */
  'gateway-502',
  /** The gateway answers 503 without passing the request on (the service is down). */
  'gateway-503',
  /** The gateway passed the request on, the backend acted, and the gateway answered 504 anyway. */
  'gateway-504',
  /** The request waits longer than the client's timeout, then reaches the backend once the client has gone. */
  'stall',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** mulberry32: a tiny seeded PRNG, plenty for choosing faults and operations (not for anything secret). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultPlanOptions {
  readonly seed: number;
  /** The share of requests that meet a fault, 0..1. */
  readonly rate: number;
  /** Which kinds to draw from; default all. */
  readonly kinds?: readonly FaultKind[];
  /** Which requests may meet a fault (a replayed case aims at one); default all. */
  readonly applies?: (method: string, path: string) => boolean;
}

/** One fault decided for one request, numbered in the order requests reached the link. */
export interface FaultEvent {
  readonly request: number;
  readonly kind: FaultKind;
  readonly method: string;
  readonly path: string;
}

export interface FaultSchedule {
  /** What happens to the next request: a fault, or undefined (it crosses untouched). */
  next(method: string, path: string): FaultKind | undefined;
  /** Every fault decided so far. */
  events(): readonly FaultEvent[];
  /** Turns faults off (true) or back on, e.g. while a checker reads the truth. */
  pause(paused: boolean): void;
}

export function createFaultSchedule(opts: FaultPlanOptions): FaultSchedule {
  if (!(opts.rate >= 0 && opts.rate <= 1)) throw new Error(`A fault rate is between 0 and 1; got ${opts.rate}.`);
  const kinds = opts.kinds ?? FAULT_KINDS;
  if (kinds.length === 0) throw new Error('At least one kind of fault is needed.');
  const random = seededRandom(opts.seed);
  const events: FaultEvent[] = [];
  let request = 0;
  let paused = false;
  return {
    next(method, path) {
      request++;
      // Two draws per request whatever the outcome, so one request's fault never shifts the next one's.
      const hit = random() < opts.rate;
      const pick = kinds[Math.floor(random() * kinds.length)]!;
      if (paused || !hit || (opts.applies && !opts.applies(method, path))) return undefined;
      events.push({ request, kind: pick, method, path });
      return pick;
    },
    events: () => events,
    pause(p) {
      paused = p;
    },
  };
}

/** Parses a fault rate as written on the command line: 0.1 or 10%. */
export function parseFaultRate(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text.trim());
  const rate = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  if (!(rate >= 0 && rate <= 1)) throw new Error(`--fault-rate takes a share between 0 and 1 or a percentage (0.1 or 10%); got "${text}".`);
  return rate;
}
