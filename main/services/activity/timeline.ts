import type { SupabaseClient } from '@supabase/supabase-js';
import type { TimelineItem, TimelinePage } from '../../../shared/contract/areas/activity.js';
import { ACTIVITY_KINDS, boundFor, mergePage, type KindBound, type TimelineCursor, type TimelineKind } from '../../../shared/rules/activity/timeline.js';
import { must } from '../support/query.js';
import { counted } from '../../../shared/rules/common/plural.js';

type Row = Record<string, unknown> & { id: string; created_at: string };

interface Source {
  readonly table: string;
  readonly columns: string;
  readonly what: string;
  /** The row's user (profiles rows are the user). */
  readonly user: (r: Row) => string | null;
  readonly title: (r: Row) => string;
  readonly detail: (r: Row) => string | null;
  readonly narrow?: (q: Query) => Query;
}

// The query builder's type is long; only its filter methods are used here.
type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

const SOURCES: Record<TimelineKind, Source> = {
  signup: { table: 'profiles', columns: 'id, created_at', what: 'sign-ups', user: (r) => r.id, title: () => 'Signed up', detail: () => null },
  journal: {
    table: 'blocks',
    columns: 'id, user_id, title, created_at',
    what: 'journal entries',
    user: (r) => r.user_id as string,
    title: () => 'Wrote a journal entry',
    detail: (r) => text(r.title),
  },
  coach_session: {
    table: 'coach_interactions',
    columns: 'id, user_id, message_count, created_at, coaches(name)',
    what: 'coach sessions',
    user: (r) => r.user_id as string,
    title: (r) => `Coach session${text((r.coaches as { name?: string } | null)?.name) ? ` with ${(r.coaches as { name: string }).name}` : ''}`,
    detail: (r) => counted(Number(r.message_count ?? 0), 'message'),
  },
  panel: {
    table: 'coach_panel_interactions',
    columns: 'id, user_id, coach_ids, question, created_at',
    what: 'coach panels',
    user: (r) => r.user_id as string,
    title: (r) => `Asked a panel of ${counted((r.coach_ids as unknown[]).length, 'coach', 'coaches')}`,
    detail: (r) => text(r.question),
  },
  meditation: {
    table: 'meditation_sessions',
    columns: 'id, user_id, brainwave_type, duration_minutes, completed_at, created_at',
    what: 'meditations',
    user: (r) => r.user_id as string,
    title: (r) => `${r.completed_at ? 'Completed' : 'Started'} a ${Number(r.duration_minutes)}-minute meditation`,
    detail: (r) => `${String(r.brainwave_type)} waves`,
  },
  feedback: {
    table: 'feedback_submissions',
    columns: 'id, user_id, type, title, created_at',
    what: 'feedback',
    user: (r) => (r.user_id as string | null) ?? null,
    title: (r) => `Sent ${String(r.type)} feedback`,
    detail: (r) => text(r.title),
    narrow: (q) => q.neq('status', 'deleted'),
  },
  coach_request: {
    table: 'coach_requests',
    columns: 'id, user_id, coach_name, created_at',
    what: 'coach requests',
    user: (r) => (r.user_id as string | null) ?? null,
    title: (r) => `Asked for a coach: ${String(r.coach_name)}`,
    detail: () => null,
  },
};

/**
 * The bound as filters. `created_at <= at` is always there so the index on (created_at, id) starts the backward
 * scan at the cursor however deep the page: the rest only removes the few rows at the cursor's own time.
 */
function bounded(q: Query, bound: KindBound): Query {
  if (bound.op === 'all') return q;
  if (bound.op === 'before-or-at') return q.lte('created_at', bound.at);
  if (bound.op === 'before') return q.lt('created_at', bound.at);
  return q.lte('created_at', bound.at).or(`created_at.lt."${bound.at}",and(created_at.eq."${bound.at}",id.lt.${bound.id})`);
}

async function readKind(
  db: SupabaseClient,
  kind: TimelineKind,
  cursor: TimelineCursor | null,
  take: number,
): Promise<(Row & { kind: TimelineKind; at: string })[]> {
  const s = SOURCES[kind];
  let q = db.from(s.table).select(s.columns) as Query;
  if (s.narrow) q = s.narrow(q);
  q = bounded(q, boundFor(kind, cursor));
  const rows = must(await q.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(take), `Reading ${s.what}`) as unknown as Row[];
  return rows.map((r) => ({ ...r, kind, at: r.created_at }));
}

/** One page of the timeline, newest first, of one kind or all, after the cursor. */
export async function readTimeline(db: SupabaseClient, kind: TimelineKind | null, cursor: TimelineCursor | null, limit: number): Promise<TimelinePage> {
  const kinds = kind ? [kind] : [...ACTIVITY_KINDS];
  const lists = await Promise.all(kinds.map((k) => readKind(db, k, cursor, limit + 1)));
  const { items, next } = mergePage(lists, limit);

  const ids = [...new Set(items.map((r) => SOURCES[r.kind].user(r)).filter((id): id is string => !!id))];
  const people = new Map<string, string>();
  if (ids.length) {
    const found = must(await db.from('profiles').select('id, email, username, full_name').in('id', ids), 'Reading the users of recent activity') as {
      id: string;
      email: string | null;
      username: string | null;
      full_name: string | null;
    }[];
    for (const p of found) people.set(p.id, p.full_name || p.username || p.email || p.id);
  }

  const out: TimelineItem[] = items.map((r) => {
    const s = SOURCES[r.kind];
    const userId = s.user(r);
    return { id: r.id, kind: r.kind, at: r.at, title: s.title(r), detail: s.detail(r), userId, userLabel: userId ? (people.get(userId) ?? null) : null };
  });
  return { items: out, next };
}
