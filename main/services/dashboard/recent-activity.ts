import type { SupabaseClient } from '@supabase/supabase-js';
import type { ActivityItem } from '../../../shared/contract/areas/dashboard.js';
import { must } from '../support/query.js';
import { AUTHOR_EMBED, authorOf, authorsOf, withAuthors } from '../support/authors.js';

const PER_KIND = 5;
export const RECENT_ACTIVITY_LIMIT = 12;

interface Person {
  id: string;
  email: string | null;
  username: string | null;
}

const who = (p: Person | undefined): string => p?.username || p?.email || 'a user';

/** The latest sign-ups, journal entries, coach sessions and feedback, merged newest first. */
export async function recentActivity(db: SupabaseClient): Promise<ActivityItem[]> {
  // Every read at once, each journal entry and session with its user's profile (one round trip, support/authors.ts).
  const author = (embed: boolean) => (embed ? `, ${AUTHOR_EMBED}` : '');
  const [signups, blocks, sessions, feedback] = await Promise.all([
    db.from('profiles').select('id, email, username, created_at').order('created_at', { ascending: false }).limit(PER_KIND),
    withAuthors(
      (embed) =>
        db
          .from('blocks')
          .select(`id, user_id, created_at${author(embed)}`)
          .order('created_at', { ascending: false })
          .limit(PER_KIND),
      'Reading recent journal entries',
    ),
    withAuthors(
      (embed) =>
        db
          .from('coach_interactions')
          .select(`id, user_id, created_at, coaches(name)${author(embed)}`)
          .order('created_at', { ascending: false })
          .limit(PER_KIND),
      'Reading recent coach sessions',
    ),
    db.from('feedback_submissions').select('id, title, type, created_at').neq('status', 'deleted').order('created_at', { ascending: false }).limit(PER_KIND),
  ]);
  const s = must(signups, 'Reading recent sign-ups') as (Person & { created_at: string })[];
  const b = blocks.rows as unknown as { id: string; user_id: string; created_at: string }[];
  const c = sessions.rows as unknown as {
    id: string;
    user_id: string;
    created_at: string;
    coaches: { name: string } | null;
  }[];
  const f = must(feedback, 'Reading recent feedback') as { id: string; title: string; type: string; created_at: string }[];

  const people = new Map<string, Person>();
  for (const r of [...b, ...c]) {
    const a = authorOf(r);
    if (a) people.set(r.user_id, a);
  }
  if (!blocks.embedded || !sessions.embedded) {
    const ids = [...new Set([...b.map((r) => r.user_id), ...c.map((r) => r.user_id)])];
    for (const [id, p] of await authorsOf(db, ids, 'Reading users of recent activity')) people.set(id, p);
  }

  const items: ActivityItem[] = [
    ...s.map((r) => ({ id: `signup:${r.id}`, kind: 'signup' as const, at: r.created_at, title: 'New user signed up', detail: who(r) })),
    ...b.map((r) => ({
      id: `journal:${r.id}`,
      kind: 'journal' as const,
      at: r.created_at,
      title: 'Journal entry written',
      detail: who(people.get(r.user_id)),
    })),
    ...c.map((r) => ({
      id: `coach:${r.id}`,
      kind: 'coach_session' as const,
      at: r.created_at,
      title: `Coach session${r.coaches?.name ? ` with ${r.coaches.name}` : ''}`,
      detail: who(people.get(r.user_id)),
    })),
    ...f.map((r) => ({ id: `feedback:${r.id}`, kind: 'feedback' as const, at: r.created_at, title: `Feedback: ${r.title}`, detail: r.type })),
  ];
  return items.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0)).slice(0, RECENT_ACTIVITY_LIMIT);
}
