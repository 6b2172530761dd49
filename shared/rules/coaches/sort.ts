/** Coach Management's sort selector (spec 2 section 9) and its four count cards. */

export const COACH_SORTS = [
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'usage-desc', label: 'Most used' },
  { value: 'usage-asc', label: 'Least used' },
] as const;
export type CoachSort = (typeof COACH_SORTS)[number]['value'];

/** admin-coach-stats answers are cached 5 minutes and kept 10 (spec 2 section 7): the renderer's staleTime and gcTime. */
export const COACH_STATS_STALE_MS = 5 * 60_000;
export const COACH_STATS_KEEP_MS = 10 * 60_000;

export interface CoachUsage {
  readonly total_sessions: number;
  readonly total_messages: number;
}

/** Usage is sessions plus messages; a coach the stats do not mention has none. */
export function usageOf(usage: Readonly<Record<string, CoachUsage>> | undefined, id: string): number {
  const u = usage?.[id];
  return u ? u.total_sessions + u.total_messages : 0;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Ties in usage fall back to the name, so the order is stable. */
export function sortCoaches<T extends { readonly id: string; readonly name: string }>(
  coaches: readonly T[],
  sort: CoachSort,
  usage: Readonly<Record<string, CoachUsage>> | undefined,
): T[] {
  const list = [...coaches];
  switch (sort) {
    case 'name-asc':
      return list.sort(byName);
    case 'name-desc':
      return list.sort((a, b) => byName(b, a));
    case 'usage-desc':
      return list.sort((a, b) => usageOf(usage, b.id) - usageOf(usage, a.id) || byName(a, b));
    case 'usage-asc':
      return list.sort((a, b) => usageOf(usage, a.id) - usageOf(usage, b.id) || byName(a, b));
  }
}

export interface CoachCounts {
  readonly total: number;
  readonly active: number;
  readonly inactive: number;
  /** Active coaches without a current (active) system prompt. */
  readonly activeWithoutPrompt: number;
}

export function coachCounts(coaches: readonly { readonly isActive: boolean; readonly hasPrompt: boolean }[]): CoachCounts {
  const active = coaches.filter((c) => c.isActive);
  return {
    total: coaches.length,
    active: active.length,
    inactive: coaches.length - active.length,
    activeWithoutPrompt: active.filter((c) => !c.hasPrompt).length,
  };
}
