import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { trackedFetch } from './connectivity.js';
import { AUTH_STORAGE_KEY, type SessionStorage } from './session-storage.js';

export interface ProjectCredentials {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
}

// Node 20 has no global WebSocket: realtime-js needs ws as its transport (unused, but constructed eagerly).
type RealtimeOptions = NonNullable<Parameters<typeof createClient>[2]>['realtime'];
const realtime = { transport: WebSocket } as unknown as RealtimeOptions;

/** The signed-in administrator's client: anon key plus the user's session, refreshed by supabase-js. */
export function createUserClient(c: ProjectCredentials, storage: SessionStorage): SupabaseClient {
  return createClient(c.url, c.anonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storage, storageKey: AUTH_STORAGE_KEY, flowType: 'implicit' },
    global: { fetch: trackedFetch },
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
    global: { fetch: trackedFetch },
    realtime,
  });
}
