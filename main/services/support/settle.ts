/**
 * How a create whose reply was lost is settled (issue 31): main chose the row's id, so reading that id back tells
 * what happened. Pure: insert-settled.ts does the reading.
 */

/** What reading the chosen id back found: the row, no row, or nothing (the read itself failed). */
export type ReadBack = 'found' | 'absent' | 'unreadable';

/**
 * saved: the row is there (only this create uses its id). not-saved: absent, and the request cannot land any more
 * (its connection dropped: it reached the server, which answered, or it never did). retry: absent, but the request
 * may still be on its way or running (it timed out, or a gateway answered 502/504): sending it again with the same
 * id settles it, since the primary key lets one of the two in at most. unknown: the read failed.
 */
export type Settlement = 'saved' | 'not-saved' | 'retry' | 'unknown';

export function settleLostCreate(readBack: ReadBack, mayStillLand: boolean): Settlement {
  if (readBack === 'found') return 'saved';
  if (readBack === 'unreadable') return 'unknown';
  return mayStillLand ? 'retry' : 'not-saved';
}

/**
 * How an appended version whose reply was lost is settled (prompt versions, privacy versions): the server numbers
 * it, so main read the family's highest version number before the call and now reads the versions above it.
 * `newer`: those versions, or 'unreadable' when the read failed; `ours`: whether a version is the one asked for
 * (its content, its author). An append has no id of its own to send again with, so a request that may still land
 * stays unknown: sending it twice could save it twice.
 */
export function settleLostAppend<Row>(
  newer: readonly Row[] | 'unreadable',
  ours: (row: Row) => boolean,
  mayStillLand: boolean,
): { readonly settled: 'saved'; readonly row: Row } | { readonly settled: 'not-saved' | 'unknown' } {
  const row = newer === 'unreadable' ? undefined : newer.find(ours);
  const settled = settleLostCreate(newer === 'unreadable' ? 'unreadable' : row ? 'found' : 'absent', mayStillLand);
  if (settled === 'saved') return { settled, row: row! };
  return { settled: settled === 'not-saved' ? 'not-saved' : 'unknown' };
}

/**
 * What reading an update's target again found: nothing (the read failed), no target (deleted meanwhile), or the
 * target, with whether it holds every value asked for (`asked`) and whether it is still exactly as read before the
 * call (`untouched`: every column, its stamps too, so another administrator's write back to the old values counts as
 * touched wherever the target carries a stamp).
 */
export type UpdateReadBack = 'unreadable' | 'absent' | { readonly asked: boolean; readonly untouched: boolean };

/**
 * How an update whose reply was lost is settled. saved: the target holds what was asked (whoever wrote it last, what
 * the administrator asked for is what the database holds). not-saved: the target is untouched since the read before
 * the call and the request cannot land any more. retry: anything else (it may still land, another administrator
 * changed the target meanwhile, or the read failed) when setting the same values again is harmless: the answer is
 * then the second request's, a real one. unknown: the rest, and a target that is gone (deleted after ours may have
 * landed: neither answer would be sure).
 */
export function settleLostUpdate(readBack: UpdateReadBack, mayStillLand: boolean, idempotent: boolean): Settlement {
  if (readBack === 'absent') return 'unknown';
  if (readBack !== 'unreadable') {
    if (readBack.asked) return 'saved';
    if (readBack.untouched && !mayStillLand) return 'not-saved';
  }
  return idempotent ? 'retry' : 'unknown';
}

/** ISO timestamps as PostgREST writes them back (+00:00, microseconds) and as main sends them (Z, milliseconds). */
const TIMESTAMP = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/;

/** JSON with each object's keys sorted: jsonb gives an object back with its keys in an order of its own. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );

/** Whether a value read back is the value asked for: the same JSON (keys in any order), or the same instant written another way. */
export function sameValue(read: unknown, asked: unknown): boolean {
  if (typeof read === 'string' && typeof asked === 'string' && TIMESTAMP.test(read) && TIMESTAMP.test(asked)) return Date.parse(read) === Date.parse(asked);
  return canonical(read) === canonical(asked);
}

/** Whether a row read back holds every column of `asked` at its asked value (columns asked as undefined are not asked). */
export function holdsAsked(row: object, asked: object): boolean {
  return Object.entries(asked).every(([column, value]) => value === undefined || sameValue((row as Record<string, unknown>)[column], value));
}

/** What reading a delete's target again found: gone, still there, or nothing (the read itself failed). */
export type DeleteReadBack = 'gone' | 'there' | 'unreadable';

/**
 * How a delete whose reply was lost is settled. saved: the target is gone (deleted by this request or by another
 * administrator's at the same time: gone either way, which is what was asked). not-saved: still there and the request
 * cannot land any more. retry: anything else; deleting again is harmless (a second delete of a gone row deletes
 * nothing), and its answer, a real one, is the answer.
 */
export function settleLostDelete(readBack: DeleteReadBack, mayStillLand: boolean): Settlement {
  if (readBack === 'gone') return 'saved';
  if (readBack === 'there' && !mayStillLand) return 'not-saved';
  return 'retry';
}
