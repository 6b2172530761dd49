import { startLocalBackend, type LocalBackend } from '../local-backend/stack.js';
import type { SeedOptions } from '../local-backend/seed/index.js';
import type { AuthOptions } from '../local-backend/gateway/auth/options.js';
import type { LinkShape } from '../local-backend/link/shape.js';
import type { EmbeddedBackendHandle } from './connections.js';
import type { ProjectCredentials } from './supabase-clients.js';
import { registerSecret } from '../ground/log.js';

export interface EmbeddedBackend extends EmbeddedBackendHandle {
  /** Starts it now (browser mode does, so the first screen opens fast). */
  start(): Promise<LocalBackend>;
  /** Stops PostgreSQL, PostgREST and the gateway; a later credentials() starts them again. */
  stop(): Promise<void>;
  running(): LocalBackend | undefined;
}

export interface EmbeddedBackendOptions {
  readonly dataDir: string;
  readonly fresh: boolean;
  readonly seed?: SeedOptions;
  readonly auth?: Partial<AuthOptions>;
  /** A seeded backend folder to copy on a fresh start (test runs). */
  readonly template?: string;
  readonly log?: (line: string) => void;
  /** A simulated network link between the app and the demo backend (browser mode's --link). */
  readonly link?: LinkShape;
}

/** The embedded demo backend of this process: started once, on demand, and stopped on quit. */
export function createEmbeddedBackend(opts: EmbeddedBackendOptions): EmbeddedBackend {
  let starting: Promise<LocalBackend> | undefined;
  let current: LocalBackend | undefined;
  let freshPending = opts.fresh;
  let generation = 0;

  const start = (): Promise<LocalBackend> => {
    starting ??= startLocalBackend({
      dataDir: opts.dataDir,
      fresh: freshPending,
      ...(opts.seed ? { seed: opts.seed } : {}),
      ...(opts.auth ? { auth: opts.auth } : {}),
      ...(opts.template ? { template: opts.template } : {}),
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.link ? { link: opts.link } : {}),
    }).then(
      (backend) => {
        freshPending = false;
        current = backend;
        generation += 1;
        registerSecret(backend.serviceRoleKey);
        return backend;
      },
      (err: unknown) => {
        starting = undefined;
        throw err;
      },
    );
    return starting;
  };

  return {
    start,
    async credentials(): Promise<ProjectCredentials> {
      const b = await start();
      return { url: b.url, anonKey: b.anonKey, serviceRoleKey: b.serviceRoleKey, onThisComputer: !opts.link };
    },
    async stop() {
      const pending = starting;
      starting = undefined;
      current = undefined;
      const b = await pending?.catch(() => undefined);
      await b?.stop();
    },
    running: () => current,
    generation: () => generation,
    outboxDir: () => current?.outboxDir,
  };
}
