import type Database from 'better-sqlite3';
import type { KeptOp } from '../../../../shared/contract/index.js';
import type { PaletteKind } from '../../../../shared/rules/palette/kinds.js';

/** One findable entity as the index stores it; terms is the lower-cased text the trigram index covers. */
export interface IndexRow {
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  readonly route: string;
  readonly terms: string;
}

/**
 * A source feeds one kind from what the cache already holds (kept reads, the users replica). stamp is cheap
 * and changes whenever rows would: the index is rebuilt from rows() only when the stamp moved.
 */
export interface PaletteSource {
  readonly kind: PaletteKind;
  /** The kept reads it reads: a write of one of them schedules a refresh of this source. */
  readonly ops: readonly KeptOp[];
  stamp(db: Database.Database, userId: string): string;
  rows(db: Database.Database, userId: string): Iterable<IndexRow>;
}

export function termsOf(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .toLowerCase();
}
