/** One request over the link, from the moment it was sent to the moment its answer had fully arrived. */
export interface Exchange {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * How many round trips were made one after another: the longest chain of exchanges each sent only after the one
 * before had been answered. Requests in flight together count once; this is what the link's latency multiplies.
 */
export function roundTripsInSequence(exchanges: readonly Exchange[]): number {
  const byEnd = [...exchanges].sort((a, b) => a.endMs - b.endMs);
  const depth: number[] = [];
  let best = 0;
  for (let i = 0; i < byEnd.length; i++) {
    let d = 1;
    for (let j = 0; j < i; j++) if (byEnd[j]!.endMs <= byEnd[i]!.startMs) d = Math.max(d, depth[j]! + 1);
    depth.push(d);
    best = Math.max(best, d);
  }
  return best;
}
