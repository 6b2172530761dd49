import type { SupabaseClient } from '@supabase/supabase-js';
import type { VersionItem } from '../../../shared/rules/versions/types.js';
import { ROLLBACK_CHANGE_REASON, rollbackNotes, sameJson, saveProblem } from '../../../shared/rules/prompts/versions.js';
import { AppError } from '../../ground/errors.js';
import { selectedColumns, type FamilyKey, type VersionFamily } from './family.js';
import { keyFilter, readActiveRow, readVersionRow, toVersionItem, type VersionRow } from './reader.js';
import { must } from '../support/query.js';
import { appendSettled, type AppendReads } from '../support/append-settled.js';

/** The SQL function of migration 0040 that every version write goes through. */
export const APPEND_FUNCTION = 'admin_append_version';

/** The message for a project that lacks one of our SQL functions: which one, and the migration that adds it. */
export const missingFunctionMessage = (fn: string, file: string) =>
  `This project has no SQL function public.${fn}, which saves versions safely. ` +
  `Apply main/local-backend/migrations/${file} to the project (SQL editor), then try again.`;

export const MISSING_FUNCTION_MESSAGE = missingFunctionMessage(APPEND_FUNCTION, '0040_version_families.sql');

interface RpcError {
  readonly code?: string;
  readonly message: string;
}

/** PostgREST's "no such function" (PGRST202) becomes a message naming the function and the fix. */
export function versionWriteError(error: RpcError, fn = APPEND_FUNCTION, file = '0040_version_families.sql'): AppError {
  if (error.code === 'PGRST202' || /could not find the function/i.test(error.message)) return new AppError('NOT_CONFIGURED', missingFunctionMessage(fn, file));
  if (error.code === '42501') return new AppError('FORBIDDEN', error.message);
  return new AppError('BACKEND_ERROR', error.message);
}

type Rows = PromiseLike<{ data: VersionRow[] | null; error: { message: string } | null }>;

/**
 * How a lost reply of an append is settled (support/append-settled.ts): the version asked for is the one above the
 * highest before the call with these fields and this author (a rollback's fields name the version it copies).
 */
function versionReads(
  db: SupabaseClient,
  f: VersionFamily,
  key: FamilyKey,
  fields: Readonly<Record<string, unknown>>,
  createdBy: string,
): AppendReads<VersionRow> {
  const partition = () => db.from(f.table).select(selectedColumns(f).join(', ')).match(keyFilter(f, key));
  return {
    newest: async () => {
      const rows = must(await (partition().order('version', { ascending: false }).limit(1) as unknown as Rows), `Reading the newest ${f.table} version`);
      return Number(rows?.[0]?.version ?? 0);
    },
    newerThan: async (version) => {
      const { data, error } = await (partition().gt('version', version).order('version') as unknown as Rows);
      return error ? undefined : (data ?? []);
    },
    ours: (row) => row.created_by === createdBy && Object.entries(fields).every(([c, v]) => sameJson(row[c] ?? null, v ?? null)),
  };
}

/**
 * Appends a version: one call of the SQL function, which deactivates the current version and inserts the new
 * one (highest + 1, active, created_by) atomically under a per-family lock. A lost reply is settled by reading the
 * family again (saved, not saved, or left unknown).
 */
export async function appendVersion(
  db: SupabaseClient,
  f: VersionFamily,
  key: FamilyKey,
  fields: Readonly<Record<string, unknown>>,
  createdBy: string,
): Promise<VersionItem> {
  const { data, error } = await appendSettled<{ data: unknown; error: RpcError | null }, VersionRow>(
    versionReads(db, f, key, fields, createdBy),
    () => db.rpc(APPEND_FUNCTION, { p_family: f.name, p_key: key, p_fields: fields, p_created_by: createdBy }),
    (row) => ({ data: row as unknown, error: null }),
  );
  if (error) throw versionWriteError(error);
  if (!data || typeof data !== 'object') throw new AppError('BACKEND_ERROR', `The new ${f.table} version was not returned.`);
  return toVersionItem(f, data as VersionRow);
}

export interface VersionInput {
  readonly text: string;
  /** Values of the family's extra columns (generation_params, title). */
  readonly extras: Readonly<Record<string, unknown>>;
  readonly notes: string | null;
  readonly changeReason?: string | null;
}

export interface SaveMessages {
  readonly blank: string;
  readonly unchanged: string;
}

const extrasOf = (f: VersionFamily, row: VersionRow | Readonly<Record<string, unknown>>) => Object.fromEntries(f.extraColumns.map((c) => [c, row[c] ?? null]));

/** A save: non-blank text and a change from the current version (text or extras), then appended. */
export async function saveVersion(
  db: SupabaseClient,
  f: VersionFamily,
  key: FamilyKey,
  input: VersionInput,
  createdBy: string,
  messages: SaveMessages,
  options: { readonly notesAreAChange?: boolean } = {},
): Promise<VersionItem> {
  const current = await readActiveRow(db, f, key);
  // Families whose editor shows the current notes count a change of notes as a change (spec 2 families).
  const withNotes = (extra: Record<string, unknown>, notes: unknown) => (options.notesAreAChange ? { ...extra, notes: notes ?? null } : extra);
  const problem = saveProblem(
    { text: input.text, extra: withNotes(extrasOf(f, input.extras), input.notes) },
    current ? { text: String(current[f.textColumn] ?? ''), extra: withNotes(extrasOf(f, current), current.notes) } : null,
  );
  if (problem) throw new AppError('PRECONDITION_FAILED', problem === 'blank' ? messages.blank : messages.unchanged);
  return appendVersion(db, f, key, fieldsOf(f, input), createdBy);
}

function fieldsOf(f: VersionFamily, input: VersionInput): Record<string, unknown> {
  return {
    [f.textColumn]: input.text,
    ...extrasOf(f, input.extras),
    notes: input.notes,
    ...(f.hasChangeReason ? { change_reason: input.changeReason ?? null } : {}),
  };
}

/**
 * A rollback appends a new version with the old version's text and extras, notes 'Rolled back to version N' and
 * change_reason rollback (SECURITY.md A3: history is never rewritten). The current version cannot be rolled back.
 * Old versions never become active again, so "not the current one" cannot change between this check and the write.
 */
export async function rollbackVersion(
  db: SupabaseClient,
  f: VersionFamily,
  key: FamilyKey,
  versionId: string,
  createdBy: string,
  currentMessage: string,
): Promise<VersionItem> {
  const target = await readVersionRow(db, f, key, versionId);
  if (!target) throw new AppError('NOT_FOUND', 'This version no longer exists.');
  if (target.is_active === true) throw new AppError('PRECONDITION_FAILED', currentMessage);
  const input: VersionInput = {
    text: String(target[f.textColumn] ?? ''),
    extras: extrasOf(f, target),
    notes: rollbackNotes(Number(target.version)),
    changeReason: ROLLBACK_CHANGE_REASON,
  };
  return appendVersion(db, f, key, fieldsOf(f, input), createdBy);
}
