import type { SupabaseClient } from '@supabase/supabase-js';
import type { Banner, BannerFields } from '../../../shared/rules/banners/types.js';
import { BANNER_MESSAGES } from '../../../shared/rules/banners/fields.js';
import { AppError } from '../../ground/errors.js';
import { must, readCounted } from '../support/query.js';
import { insertSettled } from '../support/insert-settled.js';
import { updateRowSettled } from '../support/update-settled.js';
import { BANNER_COLUMNS, bannerColumns, toBanner, type BannerRow } from './rows.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const M = BANNER_MESSAGES;

/** Every banner, newest first (id breaks ties so pages never overlap). */
export async function listBanners(db: SupabaseClient): Promise<Banner[]> {
  const rows = await readCounted<BannerRow>(M.loadListFailed, db.from('system_banners').select('id', { count: 'exact', head: true }), (from, to) =>
    db.from('system_banners').select(BANNER_COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toBanner);
}

export async function getBanner(db: SupabaseClient, id: string): Promise<Banner | null> {
  const rows = must(await db.from('system_banners').select(BANNER_COLUMNS).eq('id', id), M.loadFailed) as BannerRow[] | null;
  return rows?.[0] ? toBanner(rows[0]) : null;
}

/** One row back from a write by id, or a failure: a missing row is never reported as saved. */
function oneRow(answer: { data: unknown[] | null; error: { message: string } | null }, failed: string): Banner {
  if (answer.error) throw new AppError('BACKEND_ERROR', `${failed}: ${answer.error.message}`);
  const row = answer.data?.[0] as BannerRow | undefined;
  if (!row) throw new AppError('NOT_FOUND', `${failed}: ${M.notFound}`);
  return toBanner(row);
}

/** created_by is the verified administrator, never a value from the window; the id is main's (a lost reply is settled). */
export async function createBanner(db: SupabaseClient, f: BannerFields, adminId: string): Promise<Banner> {
  return oneRow(await insertSettled(db, 'system_banners', { ...bannerColumns(f), created_by: adminId }, BANNER_COLUMNS), M.saveFailed);
}

/** Updates and the switch below settle a lost reply by reading the banner again (update-settled.ts); the stamp is not asked for. */
export async function updateBanner(db: SupabaseClient, id: string, f: BannerFields): Promise<Banner> {
  const stamp = new Date().toISOString();
  return oneRow(
    await updateRowSettled(db, 'system_banners', id, { ...bannerColumns(f), updated_at: stamp }, BANNER_COLUMNS, { asked: bannerColumns(f) }),
    M.saveFailed,
  );
}

/** The list's switch: the toggle also stamps updated_at (spec 2 section 4). */
export async function setBannerActive(db: SupabaseClient, id: string, active: boolean): Promise<Banner> {
  const stamp = new Date().toISOString();
  return oneRow(await updateRowSettled(db, 'system_banners', id, { active, updated_at: stamp }, BANNER_COLUMNS, { asked: { active } }), M.updateFailed);
}

export async function deleteBanner(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, 'system_banners', id);
  if (error) throw new AppError('BACKEND_ERROR', `${M.deleteFailed}: ${error.message}`);
  if (!data?.length) throw new AppError('NOT_FOUND', `${M.deleteFailed}: ${M.notFound}`);
  return { id };
}
