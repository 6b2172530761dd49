import crypto from 'node:crypto';
import type pg from 'pg';
import { toUserJson, USER_COLUMNS, type AuthUserJson, type UserRow } from './user-json.js';

export type { AuthUserJson } from './user-json.js';

export async function findUser(db: pg.Pool, id: string): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

export async function findUserByEmail(db: pg.Pool, email: string): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`, [email]);
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

/**
 * The user of an address with whether it is banned and whether the password matches (pgcrypto's crypt(), as
 * GoTrue stores bcrypt hashes); undefined when no user has the address. Changes nothing.
 */
export async function passwordCheck(
  db: pg.Pool,
  email: string,
  password: string,
): Promise<{ user: AuthUserJson; banned: boolean; matches: boolean } | undefined> {
  const { rows } = await db.query<UserRow & { banned: boolean; matches: boolean }>(
    `select ${USER_COLUMNS}, coalesce(banned_until > now(), false) as banned, encrypted_password = crypt($2, encrypted_password) as matches
       from auth.users where lower(email) = lower($1)`,
    [email, password],
  );
  const row = rows[0];
  return row ? { user: toUserJson(row), banned: row.banned, matches: row.matches } : undefined;
}

/** Whether this is the user's current password (user.go: a new password must differ from it). */
export async function isCurrentPassword(db: pg.Pool, id: string, password: string): Promise<boolean> {
  const { rows } = await db.query<{ matches: boolean }>('select encrypted_password = crypt($2, encrypted_password) as matches from auth.users where id = $1', [
    id,
    password,
  ]);
  return rows[0]?.matches === true;
}

export async function isBanned(db: pg.Pool, id: string): Promise<boolean> {
  const { rows } = await db.query<{ banned: boolean }>('select coalesce(banned_until > now(), false) as banned from auth.users where id = $1', [id]);
  return rows[0]?.banned === true;
}

export async function touchSignIn(db: pg.Pool, id: string): Promise<AuthUserJson> {
  const { rows } = await db.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [id]);
  return toUserJson(rows[0] as UserRow);
}

export async function emailTaken(db: pg.Pool, email: string, exceptId?: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.users where lower(email) = lower($1) and id is distinct from $2', [email, exceptId ?? null]);
  return (rowCount ?? 0) > 0;
}

export async function insertUser(
  db: pg.Pool,
  u: { email: string; password: string; userMetadata: Record<string, unknown>; appMetadata?: Record<string, unknown>; confirmed: boolean; signedIn: boolean },
): Promise<AuthUserJson> {
  // GoTrue merges given app_metadata over its own provider fields (admin.go adminUserCreate, UpdateAppMetaData).
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at, last_sign_in_at)
     values ($1, crypt($2, gen_salt('bf', 10)), $3, '{"provider":"email","providers":["email"]}'::jsonb || $4::jsonb,
             case when $5 then now() end, case when $6 then now() end)
     returning ${USER_COLUMNS}`,
    [u.email.toLowerCase(), u.password, u.userMetadata, u.appMetadata ?? {}, u.confirmed, u.signedIn],
  );
  return toUserJson(rows[0] as UserRow);
}

/** Records a new confirmation link (its hash) and when it was sent. */
export async function setConfirmationToken(db: pg.Pool, id: string, tokenHash: string): Promise<AuthUserJson> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [id, tokenHash],
  );
  return toUserJson(rows[0] as UserRow);
}

/** Confirms the user whose unexpired confirmation link this is; undefined when no such link. */
export async function confirmByToken(db: pg.Pool, tokenHash: string, expirySeconds: number): Promise<AuthUserJson | undefined> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = null, updated_at = now()
      where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
      returning ${USER_COLUMNS}`,
    [tokenHash, expirySeconds],
  );
  return rows[0] ? toUserJson(rows[0]) : undefined;
}

/** Starts a secure e-mail change: links to the new and the current address, both needed (the hosted default). */
export async function startEmailChange(db: pg.Pool, id: string, newEmail: string, newHash: string, currentHash: string): Promise<AuthUserJson> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_change = lower($2), email_change_token_new = $3, email_change_token_current = $4,
            email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1 returning ${USER_COLUMNS}`,
    [id, newEmail, newHash, currentHash],
  );
  return toUserJson(rows[0] as UserRow);
}

/**
 * One of the two e-mail change links was opened (verify.go emailChangeVerify): the first only records it
 * ('accepted'); the second moves the address ('changed'). undefined when no such unexpired link.
 */
export async function verifyEmailChange(
  db: pg.Pool,
  tokenHash: string,
  expirySeconds: number,
): Promise<{ outcome: 'accepted' | 'changed'; user: AuthUserJson } | undefined> {
  const { rows } = await db.query<UserRow & { confirm_status: number }>(
    `update auth.users set
       email = case when email_change_confirm_status = 1 then email_change else email end,
       email_confirmed_at = case when email_change_confirm_status = 1 then now() else email_confirmed_at end,
       email_change = case when email_change_confirm_status = 1 then null else email_change end,
       email_change_token_new = case when email_change_confirm_status = 1 or email_change_token_new = $1 then null else email_change_token_new end,
       email_change_token_current = case when email_change_confirm_status = 1 or email_change_token_current = $1 then null else email_change_token_current end,
       email_change_confirm_status = case when email_change_confirm_status = 1 then 0 else 1 end,
       updated_at = now()
     where (email_change_token_new = $1 or email_change_token_current = $1)
       and email_change_sent_at > now() - make_interval(secs => $2)
     returning ${USER_COLUMNS}, email_change_confirm_status as confirm_status`,
    [tokenHash, expirySeconds],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { outcome: row.confirm_status === 1 ? 'accepted' : 'changed', user: toUserJson(row) };
}

/** ban_duration as GoTrue applies it (user.Ban): null lifts the ban. */
export async function setBan(db: pg.Pool, id: string, seconds: number | null): Promise<void> {
  await db.query(
    `update auth.users set banned_until = case when $2::float8 is null then null else now() + make_interval(secs => $2::float8) end, updated_at = now() where id = $1`,
    [id, seconds],
  );
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
       confirmation_token = case when $6 then null else confirmation_token end,
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

/** GoTrue's default SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: a revoked refresh token may be used again this long. */
export const REFRESH_TOKEN_REUSE_SECONDS = 10;

export type Rotation =
  | { readonly kind: 'rotated'; readonly userId: string; readonly sessionId: string; readonly refreshToken: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'already-used' };

/**
 * Rotates a refresh token as GoTrue's RefreshTokenGrant does (internal/api/token_refresh.go): the token is revoked and
 * a child issued in the same session. A revoked token is accepted again when it is the parent of the session's active
 * token (the client lost the reply: the active token is answered, no new one), or within the reuse interval of its
 * revocation (a new child); otherwise it is a reuse: every token of its session is revoked ("Already Used").
 */
export async function rotateRefreshToken(db: pg.Pool, token: string, reuseSeconds = REFRESH_TOKEN_REUSE_SECONDS): Promise<Rotation> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string; user_id: string; session_id: string; revoked: boolean; reusable: boolean }>(
      `select id, user_id, session_id, revoked, now() <= updated_at + make_interval(secs => $2) as reusable
         from auth.refresh_tokens where token = $1 for update`,
      [token, reuseSeconds],
    );
    const row = rows[0];
    if (!row) {
      await client.query('rollback');
      return { kind: 'not-found' };
    }
    let issued: string | undefined;
    if (row.revoked) {
      const active = await client.query<{ token: string; parent: string | null }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id],
      );
      if (active.rows[0]?.parent === token) issued = active.rows[0].token;
      else if (!row.reusable) {
        await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [row.session_id]);
        await client.query('commit');
        return { kind: 'already-used' };
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked', [row.id]);
      await client.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
        issued,
        row.user_id,
        row.session_id,
        token,
      ]);
    }
    await client.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
    await client.query('commit');
    return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id, refreshToken: issued };
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
