import type { SupabaseClient } from '@supabase/supabase-js';
import type { WisdomList, WisdomSource } from '../../../shared/rules/wisdom/types.js';
import { WISDOM_MESSAGES, type TimePeriod } from '../../../shared/rules/wisdom/fields.js';
import { wisdomStats } from '../../../shared/rules/wisdom/list.js';
import { AppError } from '../../ground/errors.js';
import { readCounted } from '../support/query.js';
import { insertSettled } from '../support/insert-settled.js';
import { updateRowSettled } from '../support/update-settled.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const TABLE = 'wisdom_sources';
const COLUMNS = 'id, name, description, category, time_period, cultural_background, expertise_areas, is_active, created_at, updated_at';

interface WisdomRow {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly category: string;
  readonly time_period: string | null;
  readonly cultural_background: string | null;
  readonly expertise_areas: string[] | null;
  readonly is_active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

/** The parsed form values main writes (already trimmed, 'none' already null). */
export interface WisdomFields {
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly timePeriod: TimePeriod | null;
  readonly culturalBackground: string | null;
  readonly expertiseAreas: readonly string[];
  readonly isActive: boolean;
}

const toSource = (r: WisdomRow): WisdomSource => ({
  id: r.id,
  name: r.name,
  description: r.description ?? '',
  category: r.category,
  timePeriod: r.time_period,
  culturalBackground: r.cultural_background,
  expertiseAreas: r.expertise_areas ?? [],
  isActive: r.is_active,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const columns = (f: WisdomFields) => ({
  name: f.name,
  description: f.description,
  category: f.category,
  time_period: f.timePeriod,
  cultural_background: f.culturalBackground,
  expertise_areas: [...f.expertiseAreas],
  is_active: f.isActive,
});

/** Every source newest first, read in pages so neither the grid nor the stats stop at the 1,000-row cap. */
export async function listWisdom(db: SupabaseClient): Promise<WisdomList> {
  const rows = await readCounted<WisdomRow>(
    { count: 'Counting wisdom sources', read: 'Reading wisdom sources' },
    db.from(TABLE).select('id', { count: 'exact', head: true }),
    (from, to) => db.from(TABLE).select(COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  const sources = rows.map(toSource);
  return { sources, stats: wisdomStats(sources) };
}

export async function createWisdom(db: SupabaseClient, f: WisdomFields): Promise<WisdomSource> {
  // The id is main's, so a lost reply is settled by reading it back.
  const { data, error } = await insertSettled<WisdomRow>(db, TABLE, columns(f), COLUMNS);
  if (error || !data?.[0]) throw new AppError('BACKEND_ERROR', error?.message ?? 'The new wisdom source was not returned.');
  return toSource(data[0]);
}

/** Update by id returning the row (spec 2 section 7); no row means it was deleted meanwhile. */
export async function updateWisdom(db: SupabaseClient, id: string, f: WisdomFields): Promise<WisdomSource> {
  return updateRow(db, id, columns(f));
}

/** The card's toggle button; it also stamps updated_at through the table's trigger. */
export async function setWisdomActive(db: SupabaseClient, id: string, isActive: boolean): Promise<WisdomSource> {
  return updateRow(db, id, { is_active: isActive });
}

async function updateRow(db: SupabaseClient, id: string, values: Record<string, unknown>): Promise<WisdomSource> {
  // A lost reply is settled by reading the source again (update-settled.ts).
  const { data, error } = await updateRowSettled(db, TABLE, id, values, COLUMNS);
  if (error) throw new AppError('BACKEND_ERROR', error.message);
  if (!data?.length) throw new AppError('NOT_FOUND', WISDOM_MESSAGES.notFound);
  return toSource(data[0] as WisdomRow);
}

export async function deleteWisdom(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, TABLE, id);
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', WISDOM_MESSAGES.deleteFailed);
  return { id };
}
