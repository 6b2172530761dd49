import type { SupabaseClient } from '@supabase/supabase-js';
import type { TimelineItem, TimelinePage } from '../../../shared/contract/areas/activity.js';
import { ACTIVITY_KINDS, boundFor, mergePage, type KindBound, type TimelineCursor, type TimelineKind } from '../../../shared/rules/activity/timeline.js';
import { counted } from '../../../shared/rules/common/plural.js';
import { AUTHOR_EMBED, authorOf, authorsOf, withAuthors, type Author } from '../support/authors.js';

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
  // A sign-up's row is the user's profile: its own names are read with it.
  signup: {
    table: 'profiles',
    columns: 'id, created_at, email, username, full_name',
    what: 'sign-ups',
    user: (r) => r.id,
    title: () => 'Signed up',
    detail: () => null,
  },
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

/** A kind's rows after the cursor, each with its author's profile embedded where the project has it (support/authors.ts). */
async function readKind(
  db: SupabaseClient,
  kind: TimelineKind,
  cursor: TimelineCursor | null,
  take: number,
): Promise<{ rows: (Row & { kind: TimelineKind; at: string })[]; embedded: boolean }> {
  const s = SOURCES[kind];
  const self = kind === 'signup';
  const query = (embed: boolean) => {
    let q = db.from(s.table).select(embed && !self ? `${s.columns}, ${AUTHOR_EMBED}` : s.columns) as Query;
    if (s.narrow) q = s.narrow(q);
    q = bounded(q, boundFor(kind, cursor));
    return q.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(take) as unknown as PromiseLike<{
      data: Row[] | null;
      error: { message: string; code?: string } | null;
    }>;
  };
  const { rows, embedded } = await withAuthors(query, `Reading ${s.what}`);
  return { rows: rows.map((r) => ({ ...r, kind, at: r.created_at })), embedded: embedded || self };
}

const labelOf = (p: Author): string => p.full_name || p.username || p.email || p.id;

/** One page of the timeline, newest first, of one kind or all, after the cursor. */
export async function readTimeline(db: SupabaseClient, kind: TimelineKind | null, cursor: TimelineCursor | null, limit: number): Promise<TimelinePage> {
  const kinds = kind ? [kind] : [...ACTIVITY_KINDS];
  const read = await Promise.all(kinds.map((k) => readKind(db, k, cursor, limit + 1)));
  const { items, next } = mergePage(
    read.map((r) => r.rows),
    limit,
  );

  const people = new Map<string, string>();
  for (const r of items) {
    const a = r.kind === 'signup' ? (r as unknown as Author) : authorOf(r);
    const userId = SOURCES[r.kind].user(r);
    if (a && userId) people.set(userId, labelOf(a));
  }
  if (read.some((r) => !r.embedded)) {
    const ids = [...new Set(items.map((r) => SOURCES[r.kind].user(r)).filter((id): id is string => !!id && !people.has(id)))];
    for (const [id, p] of await authorsOf(db, ids, 'Reading the users of recent activity')) people.set(id, labelOf(p));
  }

  const out: TimelineItem[] = items.map((r) => {
    const s = SOURCES[r.kind];
    const userId = s.user(r);
    return { id: r.id, kind: r.kind, at: r.at, title: s.title(r), detail: s.detail(r), userId, userLabel: userId ? (people.get(userId) ?? null) : null };
  });
  return { items: out, next };
}
