/** Coach requests grouped by coach name ignoring case (spec 2: the leaderboard; spec 1: the dashboard's top 5). */

export interface CoachRequestRow {
  readonly coach_name: string;
  readonly created_at: string;
  readonly message?: string | null;
}

export interface CoachRequestGroup {
  /** The name as written in the latest request of the group. */
  readonly name: string;
  readonly count: number;
  readonly latestAt: string;
  /** Distinct non-empty messages, newest first. */
  readonly messages: readonly string[];
}

export function groupCoachRequests(rows: readonly CoachRequestRow[]): CoachRequestGroup[] {
  const groups = new Map<string, { name: string; count: number; latestAt: string; messages: string[]; seen: Set<string> }>();
  for (const r of rows) {
    const name = r.coach_name.trim();
    if (!name) continue;
    const key = name.toLocaleLowerCase();
    let g = groups.get(key);
    if (!g) {
      g = { name, count: 0, latestAt: r.created_at, messages: [], seen: new Set() };
      groups.set(key, g);
    }
    g.count += 1;
    if (r.created_at > g.latestAt) {
      g.latestAt = r.created_at;
      g.name = name;
    }
    const m = r.message?.trim();
    if (m && !g.seen.has(m)) {
      g.seen.add(m);
      g.messages.push(m);
    }
  }
  return [...groups.values()]
    .map(({ name, count, latestAt, messages }) => ({ name, count, latestAt, messages }))
    .sort((a, b) => b.count - a.count || (a.latestAt < b.latestAt ? 1 : a.latestAt > b.latestAt ? -1 : 0) || a.name.localeCompare(b.name));
}

export function topRequestedCoaches(rows: readonly CoachRequestRow[], limit: number): { name: string; count: number }[] {
  return groupCoachRequests(rows)
    .slice(0, limit)
    .map(({ name, count }) => ({ name, count }));
}

/** The leaderboard shows each group's first 2 messages, each cut at 150 characters, then a 'more' indicator. */
export const REQUEST_SAMPLE_MESSAGES = 2;
export const REQUEST_MESSAGE_PREVIEW = 150;

export function requestMessagePreview(message: string): string {
  const chars = Array.from(message);
  return chars.length > REQUEST_MESSAGE_PREVIEW ? `${chars.slice(0, REQUEST_MESSAGE_PREVIEW).join('')}...` : message;
}

/** "+N more" for the messages of a group beyond the first two, or null. */
export function moreMessagesLabel(total: number): string | null {
  const more = total - REQUEST_SAMPLE_MESSAGES;
  return more > 0 ? `+${more} more` : null;
}
