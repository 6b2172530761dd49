import { CALL_OPTIONS_HEADER, OPERATIONS, type AdminApi, type CallOptions, type Result } from '../../shared/contract/index.js';
import { createEventStream } from './event-stream.js';

/**
 * Browser mode's implementation of window.admin: the same operations over HTTP to the loopback server.
 * The launch token arrives in the URL fragment (never sent to a server), is kept for this tab only, and
 * travels in a header on every call.
 */
const TOKEN_KEY = 'reflect-admin-token';
const TOKEN_HEADER = 'x-reflect-token';

function takeToken(): string {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    // The router's own state of this entry (its index) stays: without it a blocked Back could not be undone.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

async function call(token: string, name: string, input: unknown, options: CallOptions | undefined): Promise<Result<unknown>> {
  // Percent-encoded: a header carries only ASCII, and a profile's name may not be.
  const extra: Record<string, string> = options === undefined ? {} : { [CALL_OPTIONS_HEADER]: encodeURIComponent(JSON.stringify(options)) };
  try {
    const res = await fetch(`/api/op/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token, ...extra },
      body: JSON.stringify(input ?? {}),
    });
    if (res.status === 401) {
      return { ok: false, code: 'UNAUTHENTICATED', message: 'This page was opened without its launch token. Open the address Reflect Admin printed.' };
    }
    // A refused body (400, 413) still answers a Result with the reason.
    if (res.status === 400 || res.status === 413) {
      const answer = (await res.json().catch(() => null)) as Result<unknown> | null;
      if (answer && answer.ok === false) return answer;
    }
    if (!res.ok) return { ok: false, code: 'INTERNAL', message: `Reflect Admin answered HTTP ${res.status}.` };
    return (await res.json()) as Result<unknown>;
  } catch {
    return { ok: false, code: 'OFFLINE', message: 'Reflect Admin is not running. Start it again and reload this page.' };
  }
}

const resultListeners = new Set<(name: string, result: Result<unknown>) => void>();

/** Browser mode: told each operation's answer (its long work's Web Notification, renderer/app/BrowserNotifications.tsx). */
export function onCallResult(listener: (name: string, result: Result<unknown>) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

export function createHttpApi(): AdminApi {
  const token = takeToken();
  const api: Record<string, Record<string, (input: unknown, options?: CallOptions) => Promise<Result<unknown>>>> = {};
  for (const op of OPERATIONS) {
    (api[op.area] ??= {})[op.method] = async (input: unknown, options?: CallOptions) => {
      const result = await call(token, op.name, input, options);
      for (const listener of [...resultListeners]) listener(op.name, result);
      return result;
    };
  }
  // One stream for every subscriber of this page (event-stream.ts says why).
  const events = createEventStream((signal) => fetch('/api/events', { headers: { [TOKEN_HEADER]: token }, signal }));
  // No application menu in a browser tab: its commands come from the keyboard and the palette only.
  return { ...api, events: { subscribe: events.subscribe, onAppCommand: () => () => undefined } } as unknown as AdminApi;
}
