/**
 * The one rule for every URL field of the contract (issue 26 item 2). Values reach the consumer product's users as
 * links and images, so only http(s) is accepted: javascript:, data:, vbscript:, file: and the rest are refused
 * whatever their case or the white space before them.
 */

export const URL_MESSAGES = {
  web: 'Enter a web address starting with http:// or https://',
  image: 'Enter an image address starting with https:// (or upload an image)',
} as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Where a Supabase project serves public storage objects (supabase-js getPublicUrl). */
const PUBLIC_STORAGE_PATH = '/storage/v1/object/public/';

// Spaces, backslashes and control characters never belong in a link a browser should follow as typed: URL
// parsers drop or rewrite them (java\tscript: becomes javascript:), so they are refused before parsing.
const hasUnsafeCharacters = (v: string) => /[\s\\]/.test(v) || [...v].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

function parseWebUrl(value: string): URL | null {
  if (!value || hasUnsafeCharacters(value) || !/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    // user:password@ before a host is how look-alike links hide where they lead.
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/** An absolute http:// or https:// address with a host (affiliate links, company and marketing sites). */
export const isWebUrl = (value: string): boolean => parseWebUrl(value) !== null;

/**
 * A link the product follows inside itself or out: a path of the product ("/pricing") or a web address. A
 * protocol-relative "//host" (another host) is refused. Banners' action URL and marketing links' target.
 */
export function isWebUrlOrAppPath(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !hasUnsafeCharacters(value);
  return isWebUrl(value);
}

/**
 * An image shown to the product's users: https, or the project's own storage when the project runs on this
 * computer (the embedded demo serves its storage over http on the loopback address).
 */
export function isImageUrl(value: string): boolean {
  const url = parseWebUrl(value);
  if (!url) return false;
  if (url.protocol === 'https:') return true;
  return LOOPBACK_HOSTS.has(url.hostname) && url.pathname.startsWith(PUBLIC_STORAGE_PATH);
}
