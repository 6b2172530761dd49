/**
 * Users asked of the server while the palette's index holds none yet (issue 28 §4): right after sign-in the users
 * replica is still on its first sync, and an e-mail or id typed at once must still be found. The user list
 * function's own search term does the matching (e-mail contains, id starts with), as the Users screen's does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PALETTE_RESULT_MAX, type PaletteItem, type PaletteResults } from '../../../shared/rules/palette/kinds.js';
import { normaliseSearch } from '../../../shared/rules/users/filters.js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { invoke } from '../support/functions.js';

/** Below three characters the index finds no users either; the server is not asked for every "a". */
export const SERVER_USER_QUERY_MIN = 3;

export function serverSearchable(query: string): boolean {
  return normaliseSearch(query).length >= SERVER_USER_QUERY_MIN;
}

export async function serverUserItems(client: SupabaseClient, query: string): Promise<PaletteItem[]> {
  const rows = await invoke<AdminUserRow[] | null>(
    client,
    'admin-get-users',
    // pageSize is our keyset addition; a hosted function that ignores it answers every match, cut below.
    { statusFilter: 'all', searchTerm: normaliseSearch(query), pageSize: PALETTE_RESULT_MAX },
    'Searching the users',
  );
  return (Array.isArray(rows) ? rows : []).slice(0, PALETTE_RESULT_MAX).map((r) => ({
    kind: 'user',
    id: r.user_id,
    title: r.user_email || r.user_id,
    subtitle: r.user_email ? r.user_id : 'User',
    route: `/admin/users/${encodeURIComponent(r.user_id)}`,
    recent: false,
  }));
}

/** The index's answer with the server's users added after it (a user the index already holds is kept once). */
export function withServerUsers(found: PaletteResults, users: readonly PaletteItem[]): PaletteResults {
  const seen = new Set(found.items.map((i) => `${i.kind}:${i.id}`));
  const extra = users.filter((u) => !seen.has(`user:${u.id}`));
  return { items: [...found.items, ...extra] };
}
