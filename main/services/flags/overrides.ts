import type { SupabaseClient } from '@supabase/supabase-js';
import { FLAG_MESSAGES, type FlagOverride } from '../../../shared/rules/flags/flags.js';
import { targetRowsBefore, withTargetRowsBefore } from '../../core/target-rows.js';
import { AppError } from '../../ground/errors.js';
import { readCounted } from '../support/query.js';
import { holdsAsked } from '../support/settle.js';
import { updateSettled } from '../support/update-settled.js';

// profiles(...) embeds through user_feature_flags_user_profile_fkey (auth.users is not exposed).
const COLUMNS = 'id, user_id, feature_key, enabled, notes, expires_at, granted_at, profiles!user_feature_flags_user_profile_fkey(email, created_at)';

interface FlagRow {
  readonly id: string;
  readonly user_id: string;
  readonly feature_key: string;
  readonly enabled: boolean;
  readonly notes: string | null;
  readonly expires_at: string | null;
  readonly granted_at: string;
  readonly profiles: { email: string | null; created_at: string | null } | null;
}

const toOverride = (r: FlagRow): FlagOverride => ({
  id: r.id,
  userId: r.user_id,
  email: r.profiles?.email ?? null,
  userCreatedAt: r.profiles?.created_at ?? null,
  featureKey: r.feature_key,
  enabled: r.enabled,
  notes: r.notes,
  expiresAt: r.expires_at,
  grantedAt: r.granted_at,
});

export async function listOverrides(db: SupabaseClient): Promise<FlagOverride[]> {
  const rows = await readCounted<FlagRow>(
    { count: 'Counting feature flags', read: 'Reading feature flags' },
    db.from('user_feature_flags').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('user_feature_flags').select(COLUMNS).order('granted_at', { ascending: false }).order('id').range(from, to).returns<FlagRow[]>(),
  );
  return rows.map(toOverride);
}

/**
 * The user by e-mail, any case ('User not found' when there is none), with their override of `featureKey` as stored
 * (every column; null when they hold none): one round trip, where the user and then the override took two.
 */
async function userAndOverride(db: SupabaseClient, email: string, featureKey: string): Promise<{ userId: string; override: unknown }> {
  const { data, error } = await db
    .from('profiles')
    .select('id, user_feature_flags!user_feature_flags_user_profile_fkey(*)')
    .ilike(
      'email',
      email.trim().replace(/[\\%_]/g, (c) => `\\${c}`),
    )
    .eq('user_feature_flags.feature_key', featureKey)
    .limit(1);
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  if (!data?.length) throw new AppError('NOT_FOUND', FLAG_MESSAGES.userNotFound);
  const row = data[0] as { id: string; user_feature_flags: unknown[] | null };
  return { userId: row.id, override: row.user_feature_flags?.[0] ?? null };
}

export interface GrantInput {
  readonly email: string;
  readonly featureKey: string;
  readonly notes: string | null;
  readonly expiresAt: string | null;
}

/**
 * Looks the user up with the service client, then grants with the administrator's own client so the SQL helper
 * checks the admin role and records who granted. Granting a key the user holds updates it (the helper upserts).
 */
export async function grantFlag(service: SupabaseClient, user: SupabaseClient, input: GrantInput): Promise<{ id: string }> {
  const { userId, override } = await userAndOverride(service, input.email, input.featureKey);
  const notes = input.notes?.trim() ? input.notes.trim() : null;
  // A lost reply is settled by reading the override again (update-settled.ts): granting twice is harmless. The
  // override read with the user is its "before" (target-rows.ts): no read of its own before the call.
  const asked = { enabled: true, notes, expires_at: input.expiresAt };
  const target = { table: 'user_feature_flags', match: { eq: { user_id: userId, feature_key: input.featureKey } } };
  const { data, error } = await withTargetRowsBefore(target, override, () =>
    updateSettled<{ data: unknown; error: { message: string } | null }, Record<string, unknown>>(
      {
        asked: (row) => holdsAsked(row, asked),
        idempotent: true,
        stored: { db: service, ...target },
      },
      () => user.rpc('grant_feature_flag', { p_user_id: userId, p_feature_key: input.featureKey, p_notes: notes, p_expires_at: input.expiresAt }),
      (row) => ({ data: row.id, error: null }),
    ),
  );
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  return { id: data as string };
}

/**
 * Revokes with the administrator's own client (the SQL helper checks the admin role). `revoked` says whether the
 * override was on: the helper's answer, or, when its reply was lost and the override read again settles it
 * (update-settled.ts: revoking twice is harmless), whether it was on before the call.
 */
export async function revokeFlag(service: SupabaseClient, user: SupabaseClient, userId: string, featureKey: string): Promise<{ revoked: boolean }> {
  // The override before the call: the audit log's read of it (target-rows.ts), else one of its own; shared with the
  // settlement, which compares it with the override read again after a lost reply.
  const target = { table: 'user_feature_flags', match: { eq: { user_id: userId, feature_key: featureKey } } };
  const before = (await targetRowsBefore(service, target)) as Record<string, unknown> | null | undefined;
  let sends = 0;
  let settledByRead = false;
  const { data, error } = await withTargetRowsBefore(target, before, () =>
    updateSettled<{ data: unknown; error: { message: string } | null }, Record<string, unknown>>(
      {
        asked: (row) => row.enabled === false,
        idempotent: true,
        stored: { db: service, ...target },
      },
      () => (sends++, user.rpc('revoke_feature_flag', { p_user_id: userId, p_feature_key: featureKey })),
      () => ((settledByRead = true), { data: null, error: null }),
    ),
  );
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  // Settled from a read or sent twice: the first request may have done the revoking, so the state before it says.
  return { revoked: settledByRead || sends > 1 ? before?.enabled === true : data === true };
}
