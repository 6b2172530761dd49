import path from 'node:path';
import type { CacheDatabase } from './cache/types.js';
import { openAuditDatabase } from './audit/database.js';
import type { SaveTarget } from './files/save-target.js';
import { fileSaver, SavedFiles, type FileSaver, type FileShell } from './files/saved-files.js';
import { Connections, type Connection, type EmbeddedBackendHandle } from './core/connections.js';
import { warmProject, warmProjectIfCold } from './core/supabase-clients.js';
import { createEventBus, type EventBus } from './core/events.js';
import { onConnectivityChange } from './core/connectivity.js';
import type { ProfileStore, SecretStore } from './core/ports.js';
import { ProfileRegistry, type EnvironmentProject } from './core/profiles.js';
import { SessionService } from './services/auth/session-service.js';
import { createConnectionServices, type ConnectionServices } from './connection-services.js';
import { settlePendingUploads, UploadJournal } from './services/tts/pending-uploads.js';
import { log } from './ground/log.js';
import { DeepLinkInbox } from './core/deep-link-inbox.js';
import { Preferences } from './core/preferences.js';

export interface AppServicesOptions {
  readonly mode: 'desktop' | 'browser';
  readonly version: string;
  /** The app's user-data folder: one subfolder per profile. */
  readonly dataDir: string;
  /** Open the project's connections ahead of the first screen, at sign-in (the app; tests counting requests do not). */
  readonly warmConnections?: boolean | undefined;
  readonly profileStore: ProfileStore;
  readonly secrets: SecretStore;
  readonly environment: EnvironmentProject | undefined;
  readonly embedded: EmbeddedBackendHandle;
  readonly openCache: (file: string) => CacheDatabase;
  /** Where exports are written (save dialog in the app, a folder in browser mode). */
  readonly saveTarget: SaveTarget;
  /** The desktop app's file manager, for a saved file's Show in Folder and Open; browser mode has none. */
  readonly fileShell?: FileShell | undefined;
}

/** The services of main, wired once per process and shared by Electron IPC and browser mode alike. */
export interface AppServices {
  readonly mode: 'desktop' | 'browser';
  readonly version: string;
  readonly events: EventBus;
  readonly registry: ProfileRegistry;
  /** The active connection, and what is built on it (`connections.services()`: replicas, palette, speech). */
  readonly connections: Connections<ConnectionServices>;
  readonly sessions: SessionService;
  readonly secrets: SecretStore;
  readonly embedded: EmbeddedBackendHandle;
  /** Where exports are written, each written file remembered under a token (savedFiles). */
  readonly saveTarget: FileSaver;
  /** The files saved this session, for Show in Folder and Open. */
  readonly savedFiles: SavedFiles;
  /** The reflect-admin:// link waiting for the window (the desktop app offers; browser mode never does). */
  readonly deepLinks: DeepLinkInbox;
  /** This computer's display preferences (the theme). */
  readonly preferences: Preferences;
  /** Main's own working files (generated audio), never chosen by the renderer; emptied when first used. */
  readonly scratchDir: string;
  profileDir(profileId: string): string;
  /** The profile's uploads under way (a TTS save until its row is in), settled at the next start if killed. */
  uploadJournal(profileId: string): UploadJournal;
  /**
   * The window is back after a pause: opens the project's connections again if they may have been given up since the
   * last answer (main/core/warm-connections.ts); whether it did. Nothing for the embedded backend or when not asked to.
   */
  warmIfCold(): Promise<boolean>;
  dispose(): Promise<void>;
}

export function createAppServices(opts: AppServicesOptions): AppServices {
  const events = createEventBus();
  const registry = new ProfileRegistry(opts.profileStore, opts.secrets, opts.environment);
  const profileDir = (id: string) => path.join(opts.dataDir, 'profiles', id);
  const scratchDir = path.join(opts.dataDir, 'scratch');
  const uploadJournal = (id: string) => new UploadJournal(path.join(profileDir(id), 'pending-uploads'));
  const savedFiles = new SavedFiles(opts.fileShell);
  const saveTarget = fileSaver(opts.saveTarget, savedFiles);
  const connections = new Connections({
    registry,
    secrets: opts.secrets,
    embedded: opts.embedded,
    openCache: (id) => opts.openCache(path.join(profileDir(id), 'cache.sqlite')),
    openAudit: (id, cache) => openAuditDatabase(path.join(profileDir(id), 'audit.sqlite'), { cache: cache?.db }),
    build: (conn) => createConnectionServices(conn, { events, saveTarget, scratchDir }),
    onOpened: (conn) => {
      // TTS saves a killed run left between upload and row (issue 26 item 11).
      settlePendingUploads(conn.service, uploadJournal(conn.profile.id))
        .then((r) => r.removed && log.info(`Removed ${r.removed} stored TTS audio object(s) a stopped save had left without a row.`))
        .catch((err: unknown) =>
          log.warn(`Settling unfinished TTS saves failed; tried again at the next start. ${err instanceof Error ? err.message : String(err)}`),
        );
    },
  });
  const sessions = new SessionService(connections, events, {
    ...(opts.warmConnections ? { onSigningIn: (conn: Connection) => void warmProject(conn.credentials) } : {}),
    // Only on the connection the revocation was found on: another profile's replicas are another project's.
    onRevoked: async (conn, userId) => {
      if ((await connections.current()) === conn) await (await connections.services()).eraseFor(userId);
    },
  });
  // Every change of reachability reaches the windows: going offline, screens showing local answers as online fetch
  // them again in the offline form; back online, screens showing kept data fetch it fresh (renderer/api/local-answers.ts).
  const stopConnectivity = onConnectivityChange((online) => events.emit({ type: 'connectivity', online }));
  return {
    mode: opts.mode,
    version: opts.version,
    events,
    registry,
    connections,
    sessions,
    secrets: opts.secrets,
    embedded: opts.embedded,
    saveTarget,
    savedFiles,
    deepLinks: new DeepLinkInbox(events),
    preferences: new Preferences(path.join(opts.dataDir, 'preferences.json'), events),
    scratchDir,
    profileDir,
    uploadJournal,
    warmIfCold: async () => (opts.warmConnections ? warmProjectIfCold(() => connections.current()) : false),
    dispose: () => {
      stopConnectivity();
      return connections.dispose();
    },
  };
}
