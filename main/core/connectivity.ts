import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Knows, per operation, whether the backend could not be reached. supabase-js turns network failures into
 * ordinary error objects that differ by service; the fetch we give it records them here instead, so the
 * router can tell "offline" from "the server said no" whatever the service.
 */
interface CallState {
  unreachable: boolean;
  /** A request that changes data reached the server, or may have (sent, but the reply was lost). */
  changeMayHaveLanded: boolean;
  /**
   * Such a request may still reach the server or still be running there: it timed out, or a gateway answered 502
   * or 504 for it. Reading its target again cannot then prove it was not saved.
   */
  changeMayStillLand?: boolean;
  /** Retry-After of the last 429 answer in this operation, in seconds. */
  retryAfterSeconds?: number;
  /** The operation's own requests have begun (changesStartHere): what came before was the access check's. */
  changesStarted?: boolean;
}

const calls = new AsyncLocalStorage<CallState>();
let online = true;
const listeners = new Set<(online: boolean) => void>();

let requestTimeoutMs = 30_000;

/** How long one request may take before it counts as lost; a fault run shortens it so a stall costs seconds. */
export function setRequestTimeout(ms: number): void {
  requestTimeoutMs = ms;
}

function setOnline(next: boolean): void {
  if (next === online) return;
  online = next;
  for (const l of listeners) l(next);
}

export function onConnectivityChange(listener: (online: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isOnline(): boolean {
  return online;
}

export function runTracked<T>(fn: () => Promise<T>): {
  promise: Promise<T>;
  unreachable: () => boolean;
  changeMayHaveLanded: () => boolean;
  changesStarted: () => boolean;
} {
  const state: CallState = { unreachable: false, changeMayHaveLanded: false };
  return {
    promise: calls.run(state, fn),
    unreachable: () => state.unreachable,
    changeMayHaveLanded: () => state.changeMayHaveLanded,
    changesStarted: () => state.changesStarted === true,
  };
}

/** Runs the audit log's reads under a state of their own: their failure never decides the operation's answer. */
export function outsideTheCall<T>(fn: () => Promise<T>): Promise<T> {
  return calls.run({ unreachable: false, changeMayHaveLanded: false }, fn);
}

/** Whether a request of the current operation failed to reach the backend. */
export function unreachableInThisCall(): boolean {
  return calls.getStore()?.unreachable ?? false;
}

/** Whether a request of the current operation that changes data reached the server, or may have (reply lost). */
export function changeMayHaveLandedInThisCall(): boolean {
  return calls.getStore()?.changeMayHaveLanded ?? false;
}

/** Whether a change of the current operation may still land (timed out, or a 502/504 answered for it). */
export function changeMayStillLandInThisCall(): boolean {
  return calls.getStore()?.changeMayStillLand ?? false;
}

/**
 * Reading the target again proved the change of a lost reply was not made and cannot be made any more: the
 * operation's answer is then "nothing was saved", not "outcome unknown".
 */
export function settledNotLanded(): void {
  const state = calls.getStore();
  if (state) state.changeMayHaveLanded = false;
}

/**
 * A lost reply settled by reading the target again, to an answer the server would have given (e.g. "not found": the
 * row was gone before the call): the operation answers as if the reply had come, neither offline nor in doubt.
 */
export function settledAsAnswered(): void {
  const state = calls.getStore();
  if (!state) return;
  state.unreachable = false;
  state.changeMayHaveLanded = false;
}

/** Marks the current operation as unable to reach the backend (also used for a failed health probe). */
export function markUnreachable(): void {
  const state = calls.getStore();
  if (state) state.unreachable = true;
  setOnline(false);
}

export function isNetworkFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return true;
  return (
    err.name === 'TypeError' &&
    /fetch failed|network|ECONN|ENOTFOUND|EAI_AGAIN|socket/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`)
  );
}

/** Failures that happen before a request leaves: no address, no connection, no TLS session. */
// "bad port": fetch refuses ports on its block list before connecting.
const NOT_SENT = /bad port|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|UND_ERR_CONNECT_TIMEOUT|CERT|SSL|TLS/i;

/** Whether a network failure happened before the request was sent (so nothing reached the server). */
export function failedBeforeSending(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  return NOT_SENT.test(`${String(cause?.code ?? '')} ${String(cause?.message ?? '')}`);
}

/** Hosted Supabase's gateway answers these when the service behind it is down: the same as unreachable. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** A session's token refresh (supabase-js sends it whenever the token nears its end): no change of the operation. */
const TOKEN_REFRESH = /\/auth\/v1\/token\?(?:.*&)?grant_type=refresh_token(?:&|$)/;

const changesData = (input: Parameters<typeof fetch>[0], init: RequestInit | undefined): boolean => {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method === 'GET' || method === 'HEAD') return false;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return !TOKEN_REFRESH.test(url);
};

/** Requests so far (the access check, a token refresh) changed nothing the administrator asked for. */
export function changesStartHere(): void {
  const state = calls.getStore();
  if (state) {
    state.changeMayHaveLanded = false;
    state.changeMayStillLand = false;
    state.changesStarted = true;
  }
}

function mayHaveLanded(stillLanding = false): void {
  const state = calls.getStore();
  if (!state) return;
  state.changeMayHaveLanded = true;
  if (stillLanding) state.changeMayStillLand = true;
}

function noteRetryAfter(header: string | null): void {
  const state = calls.getStore();
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
  if (state && seconds !== undefined) state.retryAfterSeconds = seconds;
}

/** The Retry-After (seconds) of a 429 the current operation met; supabase-js errors do not carry headers. */
export function retryAfterInThisCall(): number | undefined {
  return calls.getStore()?.retryAfterSeconds;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * One request's deadline, on a timer of its own. Not AbortSignal.timeout (its timer holds the signal weakly) nor
 * AbortSignal.any: Node 20's fetch follows the signal it is given through weak references, and once garbage
 * collection drops them the abort is lost (nodejs/undici#4068, nodejs/node#55428), so a request the server never
 * answers would wait for ever. `expired` rejects at the deadline (or when `outer` aborts) whatever fetch does.
 */
interface Deadline {
  readonly signal: AbortSignal;
  readonly expired: Promise<never>;
  /** The request is over (answered and read, or failed): the timer and the outer listener go. */
  readonly done: () => void;
}

function deadline(ms: number, outer: AbortSignal | null | undefined): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  // As AbortSignal.timeout's: the deadline alone does not keep the process running.
  (timer as { unref?: () => void }).unref?.();
  const onOuter = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  const expired = new Promise<never>((_resolve, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason as Error);
    else controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
  });
  // Nobody may be waiting on it any more (the request was over first).
  expired.catch(() => undefined);
  return {
    signal: controller.signal,
    expired,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/**
 * The same answer, whose body tells `onBroken` if it breaks off while being read (the connection dropped midway):
 * supabase-js turns that failure into an ordinary error object, which alone would read as the server's refusal.
 * Reading it is bound by the request's deadline too.
 */
function watchBody(res: Response, onBroken: () => void, d: Deadline): Response {
  if (!res.body || NO_BODY.has(res.status)) {
    d.done();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await Promise.race([reader.read(), d.expired]);
        if (done) {
          d.done();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        d.done();
        reader.cancel(err).catch(() => undefined);
        onBroken();
        controller.error(err);
      }
    },
    cancel: (reason) => {
      d.done();
      return reader.cancel(reason);
    },
  });
  const watched = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(watched, 'url', { value: res.url });
  return watched;
}

/** PostgREST answers 503 with a class 08 SQLSTATE when its database connection failed during the request. */
async function lostDatabaseConnection(res: Response): Promise<boolean> {
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' && body.code.startsWith('08');
}

/** The fetch handed to every supabase-js client of main. */
export const trackedFetch: typeof fetch = async (input, init) => {
  const d = deadline(requestTimeoutMs, init?.signal);
  const change = changesData(input, init);
  const state = calls.getStore();
  try {
    const sent = fetch(input, { ...init, signal: d.signal });
    // Given up at the deadline while fetch still waits: its late answer is dropped unread, its failure unheard.
    sent.then((late) => (d.signal.aborted ? late.body?.cancel().catch(() => undefined) : undefined)).catch(() => undefined);
    const res = watchBody(
      await Promise.race([sent, d.expired]),
      () => {
        // The reply broke off midway: as unreachable as a lost reply, and a change it answered may have been made.
        if (state) state.unreachable = true;
        setOnline(false);
      },
      d,
    );
    if (GATEWAY_DOWN.has(res.status)) {
      markUnreachable();
      // A 503 means the gateway did not pass the request on; behind a 502 or 504 the service may have acted. A 503
      // of PostgREST's own for a connection lost mid-request (SQLSTATE class 08) may follow a commit too.
      if (change && (res.status !== 503 || (await lostDatabaseConnection(res)))) mayHaveLanded(true);
    } else {
      setOnline(true);
      if (change) mayHaveLanded();
      if (res.status === 429) noteRetryAfter(res.headers.get('retry-after'));
    }
    return res;
  } catch (err) {
    d.done();
    if (!init?.signal?.aborted && isNetworkFailure(err)) {
      markUnreachable();
      // A request that timed out may still be on its way; one whose connection dropped reached the server or not.
      if (change && !failedBeforeSending(err)) mayHaveLanded(['TimeoutError', 'AbortError'].includes((err as Error).name));
    }
    throw err;
  }
};
