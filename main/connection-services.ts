/**
 * What main builds once per connection on top of its clients and files: the users and analytics replicas, the
 * command palette and the speech generator. Connections (main/core/connections.ts) calls this when a connection
 * opens and disposes the result before the connection's files close, so a profile switch or a restarted demo
 * backend starts with its own. Each part is made on first use: a screen never opened costs nothing, and a part
 * that cannot be made fails only its own operations.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './cache/migrations.js';
import type { Connection } from './core/connections.js';
import type { EventBus } from './core/events.js';
import type { FileSaver } from './files/saved-files.js';
import { createReplica, type Replica } from './services/analytics/replica.js';
import { createPaletteService, type PaletteService } from './services/palette/service.js';
import { AudioStore } from './services/tts/audio-store.js';
import { TtsGenerator } from './services/tts/generator.js';
import { createUsersReplica, type UsersReplica } from './services/users/replica.js';

export interface ConnectionServicesDeps {
  readonly events: EventBus;
  readonly saveTarget: FileSaver;
  /** Main's own working files; the speech generator keeps its audio under it. */
  readonly scratchDir: string;
}

/**
 * One generator for both speech areas: Save (library) takes the WAV a generation (tts) kept in main. Saved files
 * fetched for the player have their own store, so playing a few of them never evicts a generation not yet saved.
 */
export interface Speech {
  readonly generator: TtsGenerator;
  readonly played: AudioStore;
}

export interface ConnectionServices {
  readonly users: UsersReplica;
  readonly analytics: Replica;
  readonly palette: PaletteService;
  readonly speech: Speech;
  dispose(): Promise<void>;
}

/** A part made on its first use, then the same one; `made()` peeks without making it. */
function once<T>(make: () => T): { (): T; made(): T | undefined } {
  let made: { value: T } | undefined;
  return Object.assign(() => (made ??= { value: make() }).value, { made: () => made?.value });
}

export function createConnectionServices(conn: Connection, deps: ConnectionServicesDeps): ConnectionServices {
  // Without the cache (it could not be opened) the replicas live in memory for as long as the connection.
  const memory = once(() => {
    const db = new Database(':memory:');
    migrate(db);
    return db;
  });
  const replicaDb = () => conn.cache?.db ?? memory();
  const users = once(() => createUsersReplica(replicaDb(), conn.user, deps.events, undefined, conn.service));
  // Read with the service role: the replica holds every user's activity.
  const analytics = once(() => createReplica(replicaDb(), conn.service, deps.events));
  const palette = once(() => createPaletteService({ db: conn.cache?.db }));
  const speech = once((): Speech => ({
    generator: new TtsGenerator(conn.user, deps.events, deps.saveTarget, new AudioStore(path.join(deps.scratchDir, 'tts-generated'))),
    played: new AudioStore(path.join(deps.scratchDir, 'tts-played'), 2),
  }));
  let disposed: Promise<void> | undefined;
  return {
    get users() {
      return users();
    },
    get analytics() {
      return analytics();
    },
    get palette() {
      return palette();
    },
    get speech() {
      return speech();
    },
    // The cache and the clients are the connection's own: it closes them after this.
    dispose: () =>
      (disposed ??= (async () => {
        speech.made()?.generator.cancelAll();
        // A sync still running would write to the cache after it closes: each ends at its next page, and resumes
        // from there the next time the profile opens.
        await Promise.all([users.made()?.sync.stop(), analytics.made()?.sync.stop()]);
        memory.made()?.close();
      })()),
  };
}
