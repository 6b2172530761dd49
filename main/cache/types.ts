import type Database from 'better-sqlite3';

/** A read result kept for offline review, with the time it was fetched from the backend. */
export interface KeptRead {
  readonly data: unknown;
  readonly fetchedAt: string;
}

/** Kept read results of one connection profile, per signed-in user, operation and input. */
export interface ReadCache {
  get(userId: string, op: string, inputKey: string): KeptRead | undefined;
  put(userId: string, op: string, inputKey: string, data: unknown, fetchedAt: string): void;
  /** Sign-out clears the user's local state. */
  clearUser(userId: string): void;
}

export interface CacheDatabase {
  readonly file: string;
  readonly db: Database.Database;
  readonly reads: ReadCache;
  /** Set when the file failed its integrity check on open and was set aside under this name. */
  readonly setAsideAs: string | undefined;
  close(): void;
}
