/**
 * The recent-activity timeline's order and paging rules. Items from several tables are merged newest first;
 * ties on the timestamp are broken by kind, then id, so the order is total and a keyset cursor (the last item's
 * time, kind and id) continues exactly where a page stopped: no item twice, none skipped.
 */
export const ACTIVITY_KINDS = ['signup', 'journal', 'coach_session', 'panel', 'meditation', 'feedback', 'coach_request'] as const;
export type TimelineKind = (typeof ACTIVITY_KINDS)[number];

export const KIND_LABELS: Record<TimelineKind, string> = {
  signup: 'Sign-ups',
  journal: 'Journal entries',
  coach_session: 'Coach sessions',
  panel: 'Coach panels',
  meditation: 'Meditations',
  feedback: 'Feedback',
  coach_request: 'Coach requests',
};

export const TIMELINE_PAGE_SIZE = 50;

export interface TimelineCursor {
  readonly at: string;
  readonly kind: TimelineKind;
  readonly id: string;
}

/**
 * A timestamp as microseconds since the epoch. PostgreSQL prints microseconds and trims trailing zeros, so
 * the strings cannot be compared as text and Date keeps only milliseconds.
 */
export function toMicros(at: string): number {
  const m = /^(.*?:\d\d)(?:\.(\d+))?(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(at.trim().replace(' ', 'T'));
  if (!m) return Number.NaN;
  const zone = m[3] ?? 'Z';
  const base = Date.parse(`${m[1]}${zone.length === 3 ? `${zone}:00` : zone}`);
  const fraction = Number(((m[2] ?? '') + '000000').slice(0, 6));
  return base * 1000 + fraction;
}

/** Newest first: later time, then the greater kind, then the greater id comes first. Negative when a is first. */
export function compareNewestFirst(a: TimelineCursor, b: TimelineCursor): number {
  const t = toMicros(b.at) - toMicros(a.at);
  if (t !== 0) return t;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** How one table of a kind continues after a cursor, as a bound on (created_at, id) taken in descending order. */
export type KindBound =
  | { readonly op: 'all' }
  | { readonly op: 'before-or-at'; readonly at: string } // every row of this kind at the cursor's time still follows
  | { readonly op: 'before'; readonly at: string } // no row of this kind at the cursor's time follows
  | { readonly op: 'before-id'; readonly at: string; readonly id: string }; // same kind: same time needs a smaller id

export function boundFor(kind: TimelineKind, cursor: TimelineCursor | null | undefined): KindBound {
  if (!cursor) return { op: 'all' };
  if (kind === cursor.kind) return { op: 'before-id', at: cursor.at, id: cursor.id };
  // Among equal times the greater kind comes first: a smaller kind's rows at that time are still to come.
  return kind < cursor.kind ? { op: 'before-or-at', at: cursor.at } : { op: 'before', at: cursor.at };
}

/** Merges each kind's first rows (each newest first, limit + 1 of them) into one page and the cursor after it. */
export function mergePage<T extends TimelineCursor>(lists: readonly (readonly T[])[], limit: number): { items: T[]; next: TimelineCursor | null } {
  const all = lists.flat().sort(compareNewestFirst);
  const items = all.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: all.length > limit && last ? { at: last.at, kind: last.kind, id: last.id } : null };
}

/** The calendar day (local time) an item belongs to, as YYYY-MM-DD, for grouping the timeline by day. */
export function dayKey(at: string): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Consecutive items of one day together, in the order given. */
export function groupByDay<T extends { readonly at: string }>(items: readonly T[]): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = dayKey(item.at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
