import { MissingBinaryError } from '../local-backend/process/binary-lookup.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_PROFILE_ID, type ProfileSummary } from '../../shared/rules/profiles/types.js';
import type { CacheDatabase } from '../cache/types.js';
import { AppError } from '../ground/errors.js';
import { log, registerSecret } from '../ground/log.js';
import type { AuditDatabase, SecretStore } from './ports.js';
import type { ProfileRegistry } from './profiles.js';
import { createSessionStorage, type SessionStorage } from './session-storage.js';
import { createServiceClient, createUserClient, type ProjectCredentials } from './supabase-clients.js';

/** The embedded demo backend, started once and shared by everything in this process. */
export interface EmbeddedBackendHandle {
  credentials(): Promise<ProjectCredentials>;
  /** Counts starts: a restarted backend has a new address, so connections to it are reopened. */
  generation(): number;
  /** The running demo's mail sink folder (.eml files), for the demo outbox; undefined when it is not running. */
  outboxDir?(): string | undefined;
}

/** Everything main needs to talk to the active project. */
export interface Connection {
  readonly profile: ProfileSummary;
  readonly credentials: ProjectCredentials;
  /** The signed-in administrator's client (anon key + session). */
  readonly user: SupabaseClient;
  /** The service-role client: only for services, after the router's admin check. */
  readonly service: SupabaseClient;
  readonly sessionStorage: SessionStorage;
  /** The profile's local SQLite cache; undefined if it could not be opened (the app then works online only). */
  readonly cache: CacheDatabase | undefined;
  /** The profile's audit log file; undefined if it could not be opened (writes are then not recorded). */
  readonly audit: AuditDatabase | undefined;
}

/** What is built on top of one connection (main/connection-services.ts): it lives and is disposed with it. */
export interface OnConnection {
  dispose(): Promise<void>;
}

export interface ConnectionsDeps<S extends OnConnection> {
  readonly registry: ProfileRegistry;
  readonly secrets: SecretStore;
  readonly embedded: EmbeddedBackendHandle;
  readonly openCache: (profileId: string) => CacheDatabase;
  /** Opens the profile's audit file; `cache` is given for the one-off copy of its old audit_log. */
  readonly openAudit: (profileId: string, cache: CacheDatabase | undefined) => AuditDatabase;
  /** Builds what lives as long as the connection; called once per connection, disposed before its files close. */
  readonly build: (conn: Connection) => S;
  /** Work left by a killed earlier run, settled once a profile's connection is open (in the background). */
  readonly onOpened?: (conn: Connection) => void;
}

/**
 * The demo's credentials, starting it if needed. A binary this computer cannot run (PostgREST without Rosetta 2 on
 * Apple silicon, a platform with no build) is said as it is, in the error's own one line, not as an internal error.
 */
async function demoCredentials(embedded: { credentials(): Promise<ProjectCredentials> }): Promise<ProjectCredentials> {
  try {
    return await embedded.credentials();
  } catch (e) {
    throw e instanceof MissingBinaryError ? new AppError('NOT_CONFIGURED', e.message) : e;
  }
}

export class Connections<S extends OnConnection = OnConnection> {
  private active: Promise<Connection> | undefined;
  private built: Promise<S> | undefined;
  private activeProfileId: string | undefined;
  private activeGeneration = 0;
  /** Per profile, the audit file set aside in this run (the screen keeps saying so after a reopen). */
  private readonly auditSetAside = new Map<string, string>();

  constructor(private readonly deps: ConnectionsDeps<S>) {}

  get registry(): ProfileRegistry {
    return this.deps.registry;
  }

  current(): Promise<Connection> {
    const id = this.deps.registry.activeId();
    const generation = id === DEMO_PROFILE_ID ? this.deps.embedded.generation() : 0;
    if (!this.active || this.activeProfileId !== id || this.activeGeneration !== generation) {
      void this.dispose();
      this.activeProfileId = id;
      this.activeGeneration = generation;
      this.active = this.open(id);
      this.built = this.active.then((conn) => this.deps.build(conn));
      // A failed open must not stick: the next call tries again.
      this.built.catch(() => {
        if (this.activeProfileId === id) this.active = undefined;
      });
    }
    return this.active;
  }

  /** What is built on the current connection (its replicas, palette and speech), the same until it closes. */
  services(): Promise<S> {
    void this.current();
    return this.built!;
  }

  private async open(id: string): Promise<Connection> {
    const profile = this.deps.registry.get(id);
    if (!profile) throw new AppError('NOT_FOUND', 'The selected connection no longer exists.');
    const credentials = id === DEMO_PROFILE_ID ? await demoCredentials(this.deps.embedded) : this.deps.registry.credentials(id);
    // Opening may have started the demo backend: this connection belongs to that start.
    if (id === DEMO_PROFILE_ID && this.activeProfileId === id) this.activeGeneration = this.deps.embedded.generation();
    if (!credentials) {
      throw new AppError('NOT_CONFIGURED', `The keys of "${profile.name}" are not available in this session. Enter them again in Settings.`);
    }
    registerSecret(credentials.serviceRoleKey);
    const sessionStorage = createSessionStorage(this.deps.secrets, id);
    const user = createUserClient(credentials, sessionStorage);
    const service = createServiceClient(credentials);
    let cache: CacheDatabase | undefined;
    try {
      cache = this.deps.openCache(id);
    } catch (err) {
      log.error('The local cache could not be opened; continuing without offline data.', err);
    }
    let audit: AuditDatabase | undefined;
    try {
      audit = this.deps.openAudit(id, cache);
      if (audit.setAsideAs) this.auditSetAside.set(id, audit.setAsideAs);
    } catch (err) {
      log.error('The audit log could not be opened; writes are not recorded until it can be.', err);
    }
    const conn: Connection = { profile, credentials, user, service, sessionStorage, cache, audit };
    this.deps.onOpened?.(conn);
    return conn;
  }

  /** The audit file of `profileId` set aside in this run, if one was (full path). */
  auditSetAsideAs(profileId: string): string | undefined {
    return this.auditSetAside.get(profileId);
  }

  /** Closes the current connection (profile switch, quit). */
  async dispose(): Promise<void> {
    const previous = this.active;
    const built = this.built;
    this.active = undefined;
    this.built = undefined;
    this.activeProfileId = undefined;
    if (!previous) return;
    const conn = await previous.catch(() => undefined);
    if (!conn) return;
    const services = await built?.catch(() => undefined);
    await services?.dispose().catch((err: unknown) => log.warn(`A connection's services did not close cleanly: ${(err as Error).message}`));
    await conn.user.auth.stopAutoRefresh().catch(() => undefined);
    conn.cache?.close();
    conn.audit?.close();
  }
}
