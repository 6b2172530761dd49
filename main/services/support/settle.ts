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
