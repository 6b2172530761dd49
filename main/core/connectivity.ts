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
 * The same answer, whose body tells `onBroken` if it breaks off while being read (the connection dropped midway):
 * supabase-js turns that failure into an ordinary error object, which alone would read as the server's refusal.
 */
function watchBody(res: Response, onBroken: () => void): Response {
  if (!res.body || NO_BODY.has(res.status)) return res;
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        onBroken();
        controller.error(err);
      }
    },
    cancel: (reason) => reader.cancel(reason),
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
  const signal = init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(requestTimeoutMs)]) : AbortSignal.timeout(requestTimeoutMs);
  const change = changesData(input, init);
  const state = calls.getStore();
  try {
    const res = watchBody(await fetch(input, { ...init, signal }), () => {
      // The reply broke off midway: as unreachable as a lost reply, and a change it answered may have been made.
      if (state) state.unreachable = true;
      setOnline(false);
    });
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
    if (!init?.signal?.aborted && isNetworkFailure(err)) {
      markUnreachable();
      // A request that timed out may still be on its way; one whose connection dropped reached the server or not.
      if (change && !failedBeforeSending(err)) mayHaveLanded(['TimeoutError', 'AbortError'].includes((err as Error).name));
    }
    throw err;
  }
};
