import path from 'node:path';
import { createRouter, type Router } from './api/router.js';
import { createInFlight, type InFlight } from './api/in-flight.js';
import { createHandlers } from './api/handlers.js';
import { createAppServices, type AppServices } from './app-services.js';
import { createEmbeddedBackend, type EmbeddedBackend } from './core/embedded-handle.js';
import type { AuthOptions } from './local-backend/gateway/auth/options.js';
import { environmentProjectFrom } from './core/profiles.js';
import type { ProfileStore, SecretStore } from './core/ports.js';
import type { CacheDatabase } from './cache/types.js';
import { DEMO_PROFILE_ID } from '../shared/rules/profiles/types.js';
import type { LinkShape } from './local-backend/link/shape.js';
import type { SeedOptions } from './local-backend/seed/index.js';
import { createAuditRecorder } from './audit/recorder.js';
import { createFolderSaveTarget, type SaveTarget } from './files/save-target.js';
import { startTempJournal } from './files/temp-journal.js';
import type { FileShell } from './files/saved-files.js';
import { watchLongWork, type LongWork, type LongWorkShell } from './core/long-work.js';

export interface BootOptions {
  readonly mode: 'desktop' | 'browser';
  readonly version: string;
  readonly dataDir: string;
  readonly profileStore: ProfileStore;
  readonly secrets: SecretStore;
  /** Browser mode reads a real project from REFLECT_SUPABASE_* variables; the desktop app does not. */
  readonly env?: NodeJS.ProcessEnv;
  /** Start the demo from a new database. */
  readonly fresh?: boolean;
  readonly seed?: SeedOptions;
  /** The demo's /auth/v1 settings (browser mode's test runs turn rate limits off); hosted defaults otherwise. */
  readonly auth?: Partial<AuthOptions>;
  /** A seeded backend folder copied on a fresh start instead of building one (browser mode under test). */
  readonly backendTemplate?: string;
  /** A simulated network link between the app and the demo backend (browser mode's --link). */
  readonly link?: LinkShape;
  readonly openCache: (file: string) => CacheDatabase;
  readonly log?: (line: string) => void;
  /** Where exports go; browser mode and tests default to <dataDir>/exports. */
  readonly saveTarget?: SaveTarget;
  /** The desktop app's file manager: a saved file's Show in Folder and Open (browser mode has none). */
  readonly fileShell?: FileShell;
  /** The desktop app's notifications and taskbar progress for long work (browser mode's page notifies itself). */
  readonly longWork?: LongWorkShell;
  /** Tests and benchmarks hand in a backend they already started. */
  readonly embedded?: EmbeddedBackend;
  /** Open a distant project's connections ahead of the first screen, at sign-in (the app does). */
  readonly warmConnections?: boolean;
}

export interface Booted {
  readonly services: AppServices;
  readonly router: Router;
  /** The router's calls not answered yet, with where each is (main/api/in-flight.ts). */
  readonly inFlight: InFlight;
  readonly embedded: EmbeddedBackend;
  shutdown(): Promise<void>;
}

/** Wires main's services and router; the same for Electron and browser mode. */
export function boot(opts: BootOptions): Booted {
  // Export files a killed run left half-written are removed; this run's writes are noted the same way.
  startTempJournal(opts.dataDir, opts.log);
  const embedded =
    opts.embedded ??
    createEmbeddedBackend({
      dataDir: path.join(opts.dataDir, 'profiles', DEMO_PROFILE_ID, 'backend'),
      fresh: opts.fresh === true,
      ...(opts.seed ? { seed: opts.seed } : {}),
      ...(opts.auth ? { auth: opts.auth } : {}),
      ...(opts.backendTemplate ? { template: opts.backendTemplate } : {}),
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.link ? { link: opts.link } : {}),
    });
  const saveTarget = opts.saveTarget ?? createFolderSaveTarget(path.join(opts.dataDir, 'exports'));
  const late: { longWork?: LongWork } = {};
  const services = createAppServices({
    mode: opts.mode,
    version: opts.version,
    dataDir: opts.dataDir,
    warmConnections: opts.warmConnections,
    profileStore: opts.profileStore,
    secrets: opts.secrets,
    environment: opts.env ? environmentProjectFrom(opts.env) : undefined,
    embedded,
    openCache: opts.openCache,
    // Through long work once it exists (below): it needs the services' events, the services need the target.
    saveTarget: { choose: (request) => (late.longWork ? late.longWork.asking(saveTarget) : saveTarget).choose(request) },
    fileShell: opts.fileShell,
  });
  const longWork = (late.longWork = opts.longWork ? watchLongWork(services.events, opts.longWork) : undefined);
  const inFlight = createInFlight();
  const routed = createRouter({
    handlers: createHandlers(services),
    gate: {
      requireSession: () => services.sessions.requireSession(),
      requireAdmin: () => services.sessions.requireAdmin(),
      offlineAdminId: async () => {
        const conn = await services.connections.current();
        const id = services.sessions.localUserId(conn);
        return id && services.sessions.wasVerifiedAdmin(conn, id) ? id : undefined;
      },
      provisionalAdmin: async () => services.sessions.provisionalAdmin(await services.connections.current()),
      recentAdmin: async () => services.sessions.recentAdmin(await services.connections.current()),
      recheckAdmin: () => services.sessions.recheckAdmin(),
    },
    readCache: async () => (await services.connections.current()).cache?.reads,
    safety: { active: () => services.registry.get(services.registry.activeId()) },
    audit: createAuditRecorder({ connection: () => services.connections.current() }),
    kept: (userId, op) => void services.connections.services().then((c) => c.palette.keptWritten(userId, op)),
    inFlight,
  });
  const router = longWork ? longWork.follow(routed) : routed;
  let down: Promise<void> | undefined;
  return {
    services,
    router,
    inFlight,
    embedded,
    shutdown: () =>
      (down ??= (async () => {
        longWork?.dispose();
        await services.dispose().catch(() => undefined);
        await embedded.stop().catch(() => undefined);
      })()),
  };
}
