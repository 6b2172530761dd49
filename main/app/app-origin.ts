/**
 * The renderer's one origin: the custom scheme `app://reflect/`, registered as standard and secure before the
 * app is ready and served by protocol.ts. Navigation guards, the IPC sender check and event forwarding all
 * ask the same question through isAppUrl().
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'reflect';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/`;

/**
 * Whether a URL belongs to the app's origin. Parsed with `new URL`; no string prefix tests (which
 * `app://reflect.evil/` or `app://reflect@evil/` would pass). Node gives custom schemes an opaque origin
 * ("null"), so the scheme and host are compared instead.
 */
export function isAppUrl(raw: unknown): boolean {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 8192) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST && url.port === '' && url.username === '' && url.password === '';
}
