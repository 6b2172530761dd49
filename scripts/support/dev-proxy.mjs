/**
 * What `npm run dev` needs between Vite's dev server and browser mode's loopback server, as plain functions so a
 * unit test holds them.
 *
 * Browser mode guards its API (SECURITY.md B1): the Host and Origin must name its own port and every call carries
 * the per-launch token. In development the page comes from Vite on another port and main restarts (with a new
 * token) whenever its code changes. So the dev page gets a token of its own that lives as long as `npm run dev`
 * (printed in its address, as browser mode prints its own), and the proxy swaps it for main's current token and
 * the target's origin. A call without the dev token, or from another site, goes on as it came, and browser mode
 * refuses it as it would without the proxy.
 */

/** The address and token in browser mode's start line ("Reflect Admin: http://127.0.0.1:PORT/#token=T"). */
export function parseStartLine(text) {
  const m = /Reflect Admin: (http:\/\/127\.0\.0\.1:(\d+))\/#token=([A-Za-z0-9_-]+)/.exec(text);
  return m ? { origin: m[1], port: Number(m[2]), token: m[3] } : null;
}

/**
 * The headers to set on a proxied API call, or null when the call is not the dev page's own (it then goes on
 * unchanged). `devOrigins` are the origins the dev page is served from; `devToken` the page's own token.
 */
export function devCallHeaders(headers, devOrigins, devToken, target) {
  if (headers['x-reflect-token'] !== devToken || target === null) return null;
  if (headers['sec-fetch-site'] === 'cross-site') return null;
  const origin = headers.origin;
  if (origin !== undefined && !devOrigins.includes(origin)) return null;
  return { 'x-reflect-token': target.token, ...(origin !== undefined ? { origin: target.origin } : {}) };
}
