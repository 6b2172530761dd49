import crypto from 'node:crypto';

/** auth.users as GoTrue returns it to clients (internal/models/user.go): omitempty fields only when set. */
export interface AuthUserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  confirmed_at: string | null;
  confirmation_sent_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  banned_until?: string;
  phone: string;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

/** The e-mail identity GoTrue creates with every e-mail user (internal/models/identity.go). */
export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: { email: string; email_verified: boolean; phone_verified: boolean; sub: string };
  provider: 'email';
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  banned_until: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export const USER_COLUMNS =
  'id, aud, role, email, email_confirmed_at, confirmation_sent_at, email_change, email_change_sent_at, banned_until, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A stable id for the one e-mail identity of a user (the demo keeps no identities table). */
function identityId(userId: string): string {
  const h = crypto.createHash('sha256').update(`email-identity:${userId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function toUserJson(r: UserRow): AuthUserJson {
  const created = r.created_at.toISOString();
  const identity: IdentityJson = {
    identity_id: identityId(r.id),
    id: r.id,
    user_id: r.id,
    identity_data: { email: r.email, email_verified: r.email_confirmed_at !== null, phone_verified: false, sub: r.id },
    provider: 'email',
    last_sign_in_at: iso(r.last_sign_in_at) ?? created,
    created_at: created,
    updated_at: r.updated_at.toISOString(),
    email: r.email,
  };
  return {
    id: r.id,
    aud: r.aud,
    role: r.role,
    email: r.email,
    email_confirmed_at: iso(r.email_confirmed_at),
    confirmed_at: iso(r.email_confirmed_at),
    ...(r.confirmation_sent_at ? { confirmation_sent_at: r.confirmation_sent_at.toISOString() } : {}),
    ...(r.email_change ? { new_email: r.email_change } : {}),
    ...(r.email_change && r.email_change_sent_at ? { email_change_sent_at: r.email_change_sent_at.toISOString() } : {}),
    ...(r.banned_until && r.banned_until > new Date() ? { banned_until: r.banned_until.toISOString() } : {}),
    phone: '',
    last_sign_in_at: iso(r.last_sign_in_at),
    app_metadata: r.raw_app_meta_data,
    user_metadata: r.raw_user_meta_data,
    identities: [identity],
    created_at: created,
    updated_at: r.updated_at.toISOString(),
    is_anonymous: false,
  };
}

/**
 * What GoTrue answers a sign-up for an address that is already registered and confirmed, when confirmation is
 * required (signup.go sanitizeUser): a made-up user with no identities, so the answer does not reveal whether
 * the address has an account.
 */
export function obfuscatedUser(email: string, userMetadata: Record<string, unknown>): AuthUserJson {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: null,
    confirmed_at: null,
    confirmation_sent_at: now,
    phone: '',
    last_sign_in_at: null,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** Link tokens are kept as SHA-256 hashes: the database never holds a usable link. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
export const newLinkToken = (): string => crypto.randomBytes(24).toString('base64url');
