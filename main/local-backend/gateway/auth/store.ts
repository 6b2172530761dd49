import crypto from 'node:crypto';
import type pg from 'pg';

/** auth.users as GoTrue returns it to clients. */
export interface AuthUserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  confirmed_at: string | null;
  phone: string;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const USER_COLUMNS = 'id, aud, role, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toUserJson(r: UserRow): AuthUserJson {
  return {
    id: r.id,
    aud: r.aud,
    role: r.role,
    email: r.email,
    email_confirmed_at: iso(r.email_confirmed_at),
    confirmed_at: iso(r.email_confirmed_at),
    phone: '',
    last_sign_in_at: iso(r.last_sign_in_at),
    app_metadata: r.raw_app_meta_data,
    user_metadata: r.raw_user_meta_data,
    identities: [],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    is_anonymous: false,
  };
}

export async function findUser(db: pg.Pool, id: string): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

/** Password check in SQL with pgcrypto's crypt(), as GoTrue stores bcrypt hashes. */
export async function checkPassword(db: pg.Pool, email: string, password: string): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set last_sign_in_at = now()
      where lower(email) = lower($1) and encrypted_password = crypt($2, encrypted_password)
      returning ${USER_COLUMNS}`,
    [email, password],
  );
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

export async function emailTaken(db: pg.Pool, email: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.users where lower(email) = lower($1)', [email]);
  return (rowCount ?? 0) > 0;
}

export async function insertUser(
  db: pg.Pool,
  u: { email: string; password: string; userMetadata: Record<string, unknown>; confirmed: boolean; signedIn: boolean },
): Promise<AuthUserJson> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at, last_sign_in_at)
     values ($1, crypt($2, gen_salt('bf', 10)), $3, case when $4 then now() end, case when $5 then now() end)
     returning ${USER_COLUMNS}`,
    [u.email.toLowerCase(), u.password, u.userMetadata, u.confirmed, u.signedIn],
  );
  return toUserJson(rows[0] as UserRow);
}

export async function updateUser(
  db: pg.Pool,
  id: string,
  patch: { email?: string; password?: string; userMetadata?: Record<string, unknown>; appMetadata?: Record<string, unknown>; confirm?: boolean },
): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set
       email = coalesce(lower($2), email),
       encrypted_password = case when $3::text is null then encrypted_password else crypt($3, gen_salt('bf', 10)) end,
       raw_user_meta_data = case when $4::jsonb is null then raw_user_meta_data else raw_user_meta_data || $4::jsonb end,
       raw_app_meta_data = case when $5::jsonb is null then raw_app_meta_data else raw_app_meta_data || $5::jsonb end,
       email_confirmed_at = case when $6 and email_confirmed_at is null then now() else email_confirmed_at end,
       updated_at = now()
     where id = $1 returning ${USER_COLUMNS}`,
    [id, patch.email ?? null, patch.password ?? null, patch.userMetadata ?? null, patch.appMetadata ?? null, patch.confirm ?? false],
  );
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

export async function deleteUser(db: pg.Pool, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from auth.users where id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function listUsers(db: pg.Pool, page: number, perPage: number): Promise<{ users: AuthUserJson[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at desc, id limit $1 offset $2`, [perPage, (page - 1) * perPage]),
    db.query<{ n: string }>('select count(*)::text as n from auth.users'),
  ]);
  return { users: rows.map(toUserJson), total: Number(count.rows[0]?.n ?? 0) };
}

// sessions ---------------------------------------------------------------------------------------------------------

const newRefreshToken = (): string => crypto.randomBytes(24).toString('base64url');

export async function createSession(db: pg.Pool, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const refreshToken = newRefreshToken();
  const { rows } = await db.query<{ id: string }>(
    `with s as (insert into auth.sessions (user_id) values ($1) returning id)
     insert into auth.refresh_tokens (token, user_id, session_id) select $2, $1, s.id from s returning session_id as id`,
    [userId, refreshToken],
  );
  return { sessionId: (rows[0] as { id: string }).id, refreshToken };
}

export async function sessionExists(db: pg.Pool, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (rowCount ?? 0) > 0;
}

/** Rotates a refresh token: the old one is revoked and a new one issued in the same session. */
export async function rotateRefreshToken(db: pg.Pool, token: string): Promise<{ userId: string; sessionId: string; refreshToken: string } | undefined> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ user_id: string; session_id: string }>(
      `update auth.refresh_tokens set revoked = true where token = $1 and not revoked returning user_id, session_id`,
      [token],
    );
    const row = rows[0];
    if (!row) {
      await client.query('rollback');
      return undefined;
    }
    const refreshToken = newRefreshToken();
    await client.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      refreshToken,
      row.user_id,
      row.session_id,
      token,
    ]);
    await client.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
    await client.query('commit');
    return { userId: row.user_id, sessionId: row.session_id, refreshToken };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export async function endSessions(db: pg.Pool, userId: string, sessionId: string | undefined, scope: string): Promise<void> {
  if (scope === 'global' || !sessionId) await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else await db.query('delete from auth.sessions where id = $1', [sessionId]);
}
