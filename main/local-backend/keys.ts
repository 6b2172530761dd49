import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { writeFileAtomicallySync } from '../files/atomic-file.js';

/** Secrets of one embedded stack, kept beside its data (mode 0600). They protect only this local database. */
export interface StackSecrets {
  readonly jwtSecret: string;
  readonly superuserPassword: string;
  readonly authenticatorPassword: string;
}

const isSecrets = (v: unknown): v is StackSecrets =>
  typeof v === 'object' &&
  v !== null &&
  ['jwtSecret', 'superuserPassword', 'authenticatorPassword'].every(
    (k) => typeof (v as Record<string, unknown>)[k] === 'string' && (v as Record<string, string>)[k] !== '',
  );

/**
 * Written temp file, fsync, rename, so a kill leaves no file or the whole one. A file that is nonetheless not
 * whole (written by an older version that wrote in place) is replaced only when the database folder shows it was
 * never used (no PG_VERSION yet): the superuser password of an existing cluster cannot be made up again.
 */
export function loadOrCreateSecrets(dir: string, clusterDir = path.join(dir, 'pgdata')): StackSecrets {
  const file = path.join(dir, 'stack-secrets.json');
  if (fs.existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      parsed = undefined;
    }
    if (isSecrets(parsed)) return parsed;
    if (fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) throw new Error(`${file} is damaged; start with --fresh to rebuild the demo backend.`);
  }
  const secrets: StackSecrets = {
    jwtSecret: crypto.randomBytes(48).toString('base64url'),
    superuserPassword: crypto.randomBytes(24).toString('base64url'),
    authenticatorPassword: crypto.randomBytes(24).toString('base64url'),
  };
  writeFileAtomicallySync(file, JSON.stringify(secrets), 0o600);
  return secrets;
}

export const ISSUER = 'reflect-local';
export const ACCESS_TOKEN_SECONDS = 3600;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ role }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt().setExpirationTime('10y').sign(key(secret));
}

export interface AccessClaims {
  readonly sub: string;
  readonly email: string;
  readonly sessionId: string;
  readonly appMetadata: Record<string, unknown>;
  readonly userMetadata: Record<string, unknown>;
}

export async function signAccessToken(secret: string, c: AccessClaims, ttlSeconds = ACCESS_TOKEN_SECONDS): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ttlSeconds;
  const token = await new SignJWT({
    role: 'authenticated',
    aud: 'authenticated',
    email: c.email,
    session_id: c.sessionId,
    app_metadata: c.appMetadata,
    user_metadata: c.userMetadata,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(c.sub)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key(secret));
  return { token, expiresAt };
}

export async function verifyToken(secret: string, token: string): Promise<JWTPayload & { role?: string; session_id?: string; email?: string }> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
  return payload;
}
