import type { Connection } from '../../core/connections.js';
import type { UrlRebase } from './rows.js';

const PUBLIC_PREFIX = '/storage/v1/object/public/';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The embedded backend listens on a new port at every start, so a public URL saved during an earlier start points
 * nowhere. For the embedded profile only, loopback storage URLs are re-based on the backend's current address;
 * hosted projects' URLs are returned as stored.
 */
export function rebaseStorageUrl(url: string | null, currentBase: string): string | null {
  if (!url) return url;
  try {
    const u = new URL(url);
    if (!LOOPBACK.has(u.hostname) || !u.pathname.startsWith(PUBLIC_PREFIX)) return url;
    return `${currentBase.replace(/\/+$/, '')}${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export function urlRebaseFor(conn: Pick<Connection, 'profile' | 'credentials'>): UrlRebase {
  if (conn.profile.kind !== 'embedded') return (url) => url;
  return (url) => rebaseStorageUrl(url, conn.credentials.url);
}

/** The object name inside `bucket` that a public URL of that bucket names, or null for any other URL. */
export function objectNameOf(url: string | null, bucket: string): string | null {
  if (!url) return null;
  try {
    const path = new URL(url).pathname;
    const prefix = `${PUBLIC_PREFIX}${bucket}/`;
    if (!path.startsWith(prefix)) return null;
    const name = path.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return name && !name.split('/').some((p) => p === '' || p === '.' || p === '..') ? name : null;
  } catch {
    return null;
  }
}
