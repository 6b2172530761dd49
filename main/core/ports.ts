import type Database from 'better-sqlite3';
import type { ProfileSafety, SecretsPersistence } from '../../shared/rules/profiles/types.js';

/**
 * Where keys and sessions are kept. The desktop app uses Electron's safeStorage (OS keyring) when it offers real
 * encryption; otherwise, and in browser mode, secrets live in memory for the session only.
 */
export interface SecretStore {
  readonly persistence: SecretsPersistence;
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** A saved connection profile: everything but its keys, which live in the SecretStore. */
export interface StoredProfile {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly productName: string;
  /** Absent in profiles saved before it existed: the default then applies. */
  readonly publicHost?: string;
  readonly createdAt: string;
}

export interface ProfileStore {
  list(): StoredProfile[];
  save(profile: StoredProfile): void;
  remove(id: string): void;
  activeId(): string | undefined;
  setActiveId(id: string): void;
  /** Safety mode and production flag by profile id (built-in profiles too); undefined when never set. */
  safetyOf(id: string): ProfileSafety | undefined;
  setSafety(id: string, safety: ProfileSafety): void;
}

/**
 * The profile's audit log file as a connection holds it; main/audit/database.ts opens it (core only holds and
 * closes it, so the recorder above can reach it through the connection).
 */
export interface AuditDatabase {
  readonly file: string;
  readonly db: Database.Database;
  /** Set when the file failed its check on open and was set aside under this name (full path). */
  readonly setAsideAs: string | undefined;
  /** Entries copied from the cache's audit_log by this open; undefined when the copy did not run. */
  readonly copiedFromCache: number | undefined;
  close(): void;
}
