/**
 * The people of activity rows (journal entries, coach sessions, feedback...) in the same request as the rows: the
 * computed relationship `activity_author` of migration 0090 embeds each row's profile, so a screen listing activity
 * pays one round trip, not the rows and then their users' profiles. A project without that migration answers
 * PGRST200 (no such relationship): the rows are read again without it and their profiles after, as before.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { must } from './query.js';

export const AUTHOR_EMBED = 'activity_author(id, email, username, full_name)';

export interface Author {
  readonly id: string;
  readonly email: string | null;
  readonly username: string | null;
  readonly full_name?: string | null;
}

interface Answer<T> {
  readonly data: T | null;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

/**
 * Rows with their author embedded (`activity_author`), or, where the project lacks the relationship, the rows
 * without it (`embedded` false: the caller looks the people up with `authorsOf`).
 */
export async function withAuthors<T>(query: (embed: boolean) => PromiseLike<Answer<T[]>>, what: string): Promise<{ rows: T[]; embedded: boolean }> {
  const first = await query(true);
  if (first.error?.code !== 'PGRST200') return { rows: must(first, what) ?? [], embedded: true };
  return { rows: must(await query(false), what) ?? [], embedded: false };
}

/** The embedded author of a row read with AUTHOR_EMBED. */
export const authorOf = (row: object): Author | undefined => ((row as { activity_author?: Author | null }).activity_author ?? undefined) || undefined;

/** The profiles of `ids` (the second request, for a project without migration 0090). */
export async function authorsOf(db: SupabaseClient, ids: readonly string[], what: string): Promise<Map<string, Author>> {
  const people = new Map<string, Author>();
  if (ids.length === 0) return people;
  const found = must(await db.from('profiles').select('id, email, username, full_name').in('id', ids), what) as Author[];
  for (const p of found) people.set(p.id, p);
  return people;
}
