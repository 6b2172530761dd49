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

export function tokenValid(req: IncomingMessage, token: string): boolean {
  const given = req.headers[TOKEN_HEADER];
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token));
}
