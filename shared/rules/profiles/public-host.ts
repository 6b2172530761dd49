/**
 * The public site address of a connection profile: the {host} of marketing short links ({host}/r/{slug}). An
 * http or https origin, nothing after it; saved as the URL's origin.
 */
import { isWebUrl } from '../common/urls.js';

export const DEFAULT_PUBLIC_HOST = 'https://reflect.example.com';
export const PUBLIC_HOST_MESSAGE = 'Enter the public site address, e.g. https://www.example.com (http or https, nothing after the host)';

export function isPublicHost(raw: string): boolean {
  if (!isWebUrl(raw.trim())) return false;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password || url.search || url.hash || raw.includes('?') || raw.includes('#')) return false;
  return (url.pathname === '/' || url.pathname === '') && url.hostname.length > 0;
}

/** The origin of a valid address ('https://Example.com/' becomes 'https://example.com'). */
export function normalisePublicHost(raw: string): string {
  return new URL(raw.trim()).origin;
}
