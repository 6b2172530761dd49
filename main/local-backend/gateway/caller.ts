import type { IncomingMessage } from 'node:http';
import { verifyToken } from '../keys.js';
import { HttpError } from './http.js';

export type CallerRole = 'anon' | 'authenticated' | 'service_role';

/** Who is calling the gateway, from the verified bearer token (or the apikey when no bearer is sent). */
export interface Caller {
  readonly role: CallerRole;
  readonly userId?: string;
  readonly sessionId?: string;
  readonly email?: string;
  readonly token: string;
}

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (h && /^bearer /i.test(h)) return h.slice(7).trim();
  const k = req.headers.apikey;
  return typeof k === 'string' && k ? k : undefined;
}

/**
 * An unusable token. `reason` is the verifier's own words (jose's, as storage-api reports them: "Invalid Compact
 * JWS", "signature verification failed"); each service words its answer from it.
 */
export class BadJwt extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly reason: string,
  ) {
    super(status, 'bad_jwt', message);
  }
}

export async function identify(req: IncomingMessage, jwtSecret: string): Promise<Caller> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, 'no_authorization', 'This endpoint requires a Bearer token or an apikey.');
  let claims;
  try {
    claims = await verifyToken(jwtSecret, token);
  } catch (err) {
    const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
    const reason = err instanceof Error ? err.message : String(err);
    throw new BadJwt(401, expired ? 'invalid JWT: token is expired' : 'invalid JWT: unable to verify the token', reason);
  }
  const role = claims.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new BadJwt(403, 'invalid JWT: unknown role', 'Access denied: Invalid role');
  }
  if (role === 'authenticated' && !claims.sub) throw new BadJwt(403, 'invalid JWT: no subject', 'invalid claim: missing sub claim');
  return {
    role,
    token,
    ...(claims.sub ? { userId: claims.sub } : {}),
    ...(claims.session_id ? { sessionId: claims.session_id } : {}),
    ...(claims.email ? { email: claims.email } : {}),
  };
}
