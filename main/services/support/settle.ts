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
