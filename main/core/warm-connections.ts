import { Agent } from 'undici';

/**
 * How long an idle connection to the project stays open. Node's fetch keeps one 4 s when the server announces no
 * timeout, and hosted Supabase (behind Cloudflare, which keeps an idle HTTP/1.1 connection 400 s) announces none:
 * a screen opened after a pause paid, for each request it sends at once, a new connection's TCP and TLS handshakes
 * (two round trips). 30 s covers an administrator's pause between clicks and stays below the idle timeouts of the
 * servers usually in front of a project (Cloudflare 400 s, nginx and Kong 60 s), so the client gives a connection up
 * first and never sends on one the server has closed. A server that announces less is believed, less a second.
 */
export const KEEP_IDLE_MS = 30_000;

/** The most requests a screen sends at once (Recent Activity: its reads beside the admin check). */
export const WARM_CONNECTIONS = 9;

/**
 * The connections of main's fetch to every project: keep-alive as above, as many per origin as are asked for at
 * once. undici 6, the line Node 20's and Electron's own fetch are built on, so its Agent speaks their dispatcher API.
 */
export const projectAgent = new Agent({ keepAliveTimeout: KEEP_IDLE_MS, keepAliveMaxTimeout: KEEP_IDLE_MS, keepAliveTimeoutThreshold: 1_000 });

let lastAnsweredMs = -Infinity;

/** A request to a project was answered: its connection stays warm for KEEP_IDLE_MS from now. */
export function noteAnswered(): void {
  lastAnsweredMs = performance.now();
}

/** Whether the connections may have been given up since the last answer (less a margin for a request in flight). */
export function connectionsMayBeCold(nowMs = performance.now()): boolean {
  return nowMs - lastAnsweredMs > KEEP_IDLE_MS - 2_000;
}

/**
 * Opens connections ahead of the screen that will need them (sign-in, a window back after a pause): `count` small
 * requests at once (the auth service's health answer), each on a connection of its own that the next screen finds
 * open. Failures are the health answer's own business: the screen's requests report reachability.
 */
export async function warmConnections(fetchFn: typeof fetch, origin: string, anonKey: string, count = WARM_CONNECTIONS): Promise<void> {
  const url = `${new URL(origin).origin}/auth/v1/health`;
  await Promise.allSettled(Array.from({ length: count }, async () => (await fetchFn(url, { headers: { apikey: anonKey } })).arrayBuffer()));
  // A connection goes back to the pool a turn of the event loop after its answer was read: resolve once it has.
  await new Promise((r) => setTimeout(r, 1));
}
