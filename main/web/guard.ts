import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Browser mode's request guard (SECURITY.md B1): loopback only, the Host header must name our loopback
 * address (against DNS rebinding), cross-site requests are refused, and the API needs the per-launch token
 * in a header (never a cookie, so another site's page can never send it).
 */
export const TOKEN_HEADER = 'x-reflect-token';

export function newLaunchToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hostAllowed(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Requests a browser marks as coming from another site, or with another Origin, are refused. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

/**
 * Compared as the bytes received (Node reads header values as latin1): a header of the token's length in
 * characters but not in UTF-8 bytes ("é…") is a wrong token, never a timingSafeEqual length error (a 500).
 */
export function tokenValid(req: IncomingMessage, token: string): boolean {
  const given = req.headers[TOKEN_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given, 'latin1');
  const b = Buffer.from(token, 'latin1');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
