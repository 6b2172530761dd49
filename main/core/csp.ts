/**
 * The desktop renderer's Content-Security-Policy, sent as a response header by protocol.ts (see E2 in
 * SECURITY.md). Nothing 'unsafe-*'. The renderer talks only to main (IPC), so connect-src is 'self'.
 *
 * Styles: our own files, plus <style> elements carrying this page load's nonce (Radix's scroll lock and the
 * drag-and-drop library insert those; they read it from the csp-nonce meta tag that protocol.ts fills in).
 * React's `style={...}` props are set through the CSSOM, which CSP does not govern.
 *
 * Images: our files, data: and blob: URLs, and the storage origins of the projects (avatars and banners under
 * `<project>/storage/v1/object/public/...`).
 */
export interface CspOptions {
  /** Origins (or CSP host sources such as `https://*.supabase.co`, `http://127.0.0.1:*`) images may come from. */
  readonly imageOrigins: readonly string[];
  /** This page load's nonce for <style> elements; omitted for responses that are not documents. */
  readonly styleNonce?: string;
}

/** Project storage on Supabase's hosted platform. */
export const HOSTED_STORAGE_SOURCE = 'https://*.supabase.co';

const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}|\*))?$/;
const NONCE = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;

/**
 * Normalises an origin or URL to a CSP host source, or undefined when it is not a plain http(s) host source:
 * quotes, spaces, semicolons, paths and schemes such as `data:` never reach the policy.
 */
export function toHostSource(raw: string): string | undefined {
  const value = raw.trim().toLowerCase().replace(/\/+$/, '');
  if (HOST_SOURCE.test(value)) return value;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && HOST_SOURCE.test(url.origin)) {
      return url.origin;
    }
  } catch {
    // not a URL
  }
  return undefined;
}

export function contentSecurityPolicy(opts: CspOptions): string {
  const images = ["'self'", 'data:', 'blob:'];
  for (const raw of opts.imageOrigins) {
    const source = toHostSource(raw);
    if (source && !images.includes(source)) images.push(source);
  }
  const styles = ["'self'"];
  if (opts.styleNonce !== undefined) {
    if (!NONCE.test(opts.styleNonce)) throw new Error('The style nonce must be base64 of at least 12 random bytes.');
    styles.push(`'nonce-${opts.styleNonce}'`);
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${styles.join(' ')}`,
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "manifest-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ');
}
