/**
 * The order a run starts its test files in. Groups (sequence.groupOrder) and projects run one after another; inside
 * one, files start longest first, so a two-minute file never starts last and runs alone while the other worker
 * idles. A file's length is its time in the last run on this machine (vitest's results cache) or, on a clean clone
 * (CI) that has no cache, the committed table of the last full run (tests/durations.json). Files in neither are
 * new: they start first, larger first, as vitest's own order has it.
 */
export interface FileToOrder {
  /** `project:path`, the key of vitest's cache and of tests/durations.json. */
  readonly key: string;
  readonly groupOrder: number;
  readonly project: string;
  /** Seconds it took last time, if known. */
  readonly seconds: number | undefined;
  readonly bytes: number;
}

export function longestFirst<T extends FileToOrder>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => {
    if (a.groupOrder !== b.groupOrder) return a.groupOrder - b.groupOrder;
    if (a.project !== b.project) return a.project < b.project ? -1 : 1;
    if (a.seconds === undefined || b.seconds === undefined) {
      if (a.seconds !== b.seconds) return a.seconds === undefined ? -1 : 1;
      return b.bytes - a.bytes;
    }
    return b.seconds - a.seconds || (a.key < b.key ? -1 : 1);
  });
}
