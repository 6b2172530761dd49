import type pg from 'pg';
import { HttpError } from '../../gateway/http.js';
import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { EMAIL_SETTINGS_KEY, EMAIL_SETTING_KEYS, mergeEmailSettings, type EmailSettings } from '../../../../shared/rules/email/settings.js';

/** The stored settings over the defaults. */
export async function loadEmailSettings(db: pg.Pool | pg.PoolClient): Promise<EmailSettings> {
  const { rows } = await db.query<{ value: string | null }>(`select value from public.admin_settings where key = $1`, [EMAIL_SETTINGS_KEY]);
  try {
    return mergeEmailSettings(rows[0]?.value ? JSON.parse(rows[0].value) : undefined);
  } catch {
    // A hand-edited, unreadable record falls back to the defaults rather than breaking every send.
    return mergeEmailSettings(undefined);
  }
}

/** admin-get-email-settings: the settings object. */
export async function adminGetEmailSettings(ctx: FunctionContext): Promise<EmailSettings> {
  await requireAdmin(ctx);
  return loadEmailSettings(ctx.db);
}

/** admin-update-email-settings: { settings: a subset of the fields } -> { success, error }. */
export async function adminUpdateEmailSettings(ctx: FunctionContext): Promise<{ success: boolean; error?: string }> {
  await requireAdmin(ctx);
  const raw = (ctx.body as { settings?: unknown } | undefined)?.settings;
  if (!raw || typeof raw !== 'object') throw new HttpError(400, 'invalid_settings', 'settings must be an object');
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(EMAIL_SETTING_KEYS as readonly string[]).includes(key)) throw new HttpError(400, 'invalid_settings', `Unknown setting: ${key}`);
    if (typeof value !== 'string') throw new HttpError(400, 'invalid_settings', `${key} must be text`);
    patch[key] = value;
  }
  // One statement merges the patch into the stored record, so two saves of different blocks both survive. Every
  // save moves updated_at, also within one microsecond or under a clock set back: the app tells a save of the old
  // values back from an untouched record by it (main/services/email/engagement.ts).
  await ctx.db.query(
    `insert into public.admin_settings (key, value, updated_at) values ($1, $2, now())
     on conflict (key) do update set value = (coalesce(nullif(admin_settings.value, ''), '{}')::jsonb || excluded.value::jsonb)::text,
       updated_at = greatest(now(), admin_settings.updated_at + interval '1 microsecond')`,
    [EMAIL_SETTINGS_KEY, JSON.stringify(patch)],
  );
  return { success: true };
}
