import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { trackedFetch } from './connectivity.js';
import { asHeadAnswer, countAsGet } from './count-as-get.js';
import { connectionsMayBeCold, noteAnswered, projectAgent, warmConnections } from './warm-connections.js';
import { AppError } from '../ground/errors.js';
import { AUTH_STORAGE_KEY, type SessionStorage } from './session-storage.js';

export interface ProjectCredentials {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /**
   * The backend runs on this computer with no network between (the embedded demo without a simulated link):
   * compressed answers would only cost CPU on both ends, so none are asked for.
   */
  readonly onThisComputer?: boolean;
}

// Node 20 has no global WebSocket: realtime-js needs ws as its transport (unused, but constructed eagerly).
type RealtimeOptions = NonNullable<Parameters<typeof createClient>[2]>['realtime'];
const realtime = { transport: WebSocket } as unknown as RealtimeOptions;

export const FOREIGN_ORIGIN_MESSAGE = "Reflect Admin sends a project's keys only to that project's own address; this request went elsewhere and was not sent.";

function requestUrl(input: Parameters<typeof fetch>[0]): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
}

/**
 * The only fetch that carries a project's keys (every client below and the connection test use it): a request
 * for any origin but the project's own is refused before it leaves, whatever asked for it, and a redirect is
 * handed back rather than followed, since fetch would carry the apikey header to wherever it points.
 */
export function projectFetch(c: Pick<ProjectCredentials, 'url' | 'onThisComputer'>): typeof fetch {
  const origin = new URL(c.url).origin;
  return async (input, init) => {
    const target = requestUrl(input);
    if (target.origin !== origin || target.username || target.password) throw new AppError('PRECONDITION_FAILED', FOREIGN_ORIGIN_MESSAGE);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    // Across a network brotli is asked for too, as fetch does of an https origin (hosted projects), also when the
    // address is plain http (a project behind a local proxy, the simulated link).
    if (!headers.has('accept-encoding')) headers.set('accept-encoding', c.onThisComputer ? 'identity' : 'br, gzip, deflate');
    // Node's fetch takes an undici dispatcher beside the standard options: the project's warm connections.
    const options = { ...init, headers, redirect: 'manual', dispatcher: projectAgent } as RequestInit;
    const count = input instanceof Request ? undefined : countAsGet(target, init?.method ?? 'GET');
    const res = count ? await asHeadAnswer(await trackedFetch(count.href, { ...options, method: 'GET' })) : await trackedFetch(input, options);
    noteAnswered();
    return res;
  };
}

/** Opens the project's connections ahead of a screen (warm-connections.ts); none for a backend on this computer. */
export function warmProject(c: Pick<ProjectCredentials, 'url' | 'anonKey' | 'onThisComputer'>): Promise<void> {
  if (c.onThisComputer) return Promise.resolve();
  return warmConnections(projectFetch(c), c.url, c.anonKey);
}

/**
 * The window is back after a pause: the project's connections are opened again when they may have been given up since
 * the last answer (none for a backend on this computer); whether they were. `nowMs` is for tests.
 */
export async function warmProjectIfCold(
  current: () => Promise<{ readonly credentials: Pick<ProjectCredentials, 'url' | 'anonKey' | 'onThisComputer'> }>,
  nowMs?: number,
): Promise<boolean> {
  if (!connectionsMayBeCold(nowMs)) return false;
  const { credentials } = await current();
  if (credentials.onThisComputer) return false;
  await warmProject(credentials);
  return true;
}

/** The signed-in administrator's client: anon key plus the user's session, refreshed by supabase-js. */
export function createUserClient(c: ProjectCredentials, storage: SessionStorage): SupabaseClient {
  return createClient(c.url, c.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storage, storageKey: AUTH_STORAGE_KEY, flowType: 'implicit' },
    global: { fetch: projectFetch(c) },
    realtime,
  });
}

/**
 * The service-role client. It bypasses row-level security, so only services reach it, and only after the
 * router has verified that the caller holds the admin role.
 */
export function createServiceClient(c: ProjectCredentials): SupabaseClient {
  return createClient(c.url, c.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: projectFetch(c) },
    realtime,
  });
}
