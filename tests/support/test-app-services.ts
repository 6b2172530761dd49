import path from 'node:path';
import { createAppServices, type AppServices } from '../../main/app-services.js';
import { openCacheDatabase } from '../../main/cache/database.js';
import { createJsonProfileStore } from '../../main/core/json-profile-store.js';
import { createMemorySecretStore } from '../../main/core/memory-secret-store.js';
import type { SaveTarget } from '../../main/files/save-target.js';

/**
 * Main's services in browser mode over `dataDir`, for unit tests: the embedded backend's credentials point at a port
 * nothing answers on (no backend starts), secrets stay in memory, nothing is saved to disk by the file shell.
 */
export function testAppServices(dataDir: string, opts: { readonly generation?: () => number; readonly log?: (line: string) => void } = {}): AppServices {
  return createAppServices({
    mode: 'browser',
    version: 'test',
    dataDir,
    profileStore: createJsonProfileStore(path.join(dataDir, 'profiles.json')),
    secrets: createMemorySecretStore(),
    environment: undefined,
    embedded: {
      credentials: async () => ({ url: 'http://127.0.0.1:9', anonKey: 'anon-key', serviceRoleKey: 'service-role-key-for-unit-tests' }),
      generation: opts.generation ?? (() => 1),
    },
    openCache: (file) => openCacheDatabase(file, { log: opts.log ?? (() => undefined) }),
    saveTarget: {} as SaveTarget,
  });
}
