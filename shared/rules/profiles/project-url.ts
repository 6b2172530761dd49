import { isWebUrl } from '../common/urls.js';

/** A project URL is https, or http only when it points at this computer (a local Supabase). */
export function isAllowedProjectUrl(raw: string): boolean {
  if (!isWebUrl(raw)) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.pathname !== '/' && url.pathname !== '') return false;
  if (url.protocol === 'https:') return url.hostname.length > 0;
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
}

export function normaliseProjectUrl(raw: string): string {
  return new URL(raw.trim()).origin;
}

/** A profile's keys are bound to the origin they were saved with; a new origin needs both keys typed again. */
export const KEYS_FOR_NEW_URL_MESSAGE = 'Enter the anon key and the service-role key again for the new URL.';

export function sameProjectOrigin(a: string, b: string): boolean {
  try {
    return new URL(a.trim()).origin === new URL(b.trim()).origin;
  } catch {
    return false;
  }
}
