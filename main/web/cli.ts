import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { boot } from '../boot.js';
import { createMemorySecretStore } from '../core/memory-secret-store.js';
import { createJsonProfileStore } from '../core/json-profile-store.js';
import { log } from '../ground/log.js';
import { openCacheDatabase } from '../cache/database.js';
import { DEFAULT_USERS } from '../local-backend/seed/options.js';
import { authOptionsFromEnv } from '../local-backend/gateway/auth/options.js';
import { describeLink, parseLinkSpec } from '../local-backend/link/shape.js';
import { startBrowserModeServer, type BrowserModeServer } from './server.js';
import { contentSecurityPolicy, HOSTED_STORAGE_SOURCE } from '../core/csp.js';
import { WEB_USAGE, wantsHelp } from './usage.js';

/**
 * Browser mode: `npm run start:web [-- --port N --data-dir DIR --fresh]`. The same services and router as the
 * desktop app, served on 127.0.0.1 to a browser. Keys stay in memory: nothing secret is written to disk.
 */
function defaultDataDir(): string {
  const home = os.homedir();
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? home, 'Reflect Admin', 'browser-mode');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Reflect Admin', 'browser-mode');
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Reflect Admin', 'browser-mode');
}

function rendererRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/main/web.js -> dist/renderer; main/web/cli.ts (tests, tsx) -> dist/renderer too.
  const candidates = [path.resolve(here, '../renderer'), path.resolve(here, '../../dist/renderer')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'index.html')));
  if (!found) throw new Error('The renderer is not built. Run `npm run build` first.');
  return found;
}

function version(): string {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** How long a shutdown may take before the process ends regardless. */
const SHUTDOWN_LIMIT_MS = 15_000;

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(WEB_USAGE);
    return;
  }
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      'seed-users': { type: 'string' },
      // About this many feedback items (the 20,000-item board): sets the seed's feedback per user.
      'seed-feedback': { type: 'string' },
      // A simulated network link to the demo backend, e.g. 100ms,50mbit: feel the app as a remote administrator.
      link: { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}"`);
  const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir());
  const seedUsers = values['seed-users'] ? Number(values['seed-users']) : undefined;
  const seedFeedback = values['seed-feedback'] ? Number(values['seed-feedback']) : undefined;
  const seed = {
    ...(seedUsers ? { users: seedUsers } : {}),
    ...(seedFeedback ? { feedbackPerUser: seedFeedback / (seedUsers ?? DEFAULT_USERS) } : {}),
  };
  const link = values.link === undefined ? undefined : parseLinkSpec(values.link);
  fs.mkdirSync(dataDir, { recursive: true });

  const app = boot({
    mode: 'browser',
    version: version(),
    dataDir,
    profileStore: createJsonProfileStore(path.join(dataDir, 'profiles.json')),
    secrets: createMemorySecretStore(),
    env: process.env,
    fresh: values.fresh,
    ...(Object.keys(seed).length ? { seed } : {}),
    auth: authOptionsFromEnv(process.env),
    // Test runs only: the e2e setup builds one seeded backend and every suite starts from a copy of it.
    ...(process.env.REFLECT_TEST_HOOKS === '1' && process.env.REFLECT_BACKEND_TEMPLATE && Object.keys(seed).length === 0
      ? { backendTemplate: process.env.REFLECT_BACKEND_TEMPLATE }
      : {}),
    openCache: (file) => openCacheDatabase(file, { log: (l) => log.info(l) }),
    log: (line) => log.debug(line),
    ...(link ? { link } : {}),
    warmConnections: true,
  });
  if (link) log.info(`The demo backend is reached through a simulated link: ${describeLink(link)}.`);

  let server: BrowserModeServer | undefined = undefined;
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Whatever hangs (a connection that never closes), the process ends and its servers' guards stop them.
    setTimeout(() => process.exit(code), SHUTDOWN_LIMIT_MS).unref();
    await server?.close().catch(() => undefined);
    await app.shutdown().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));
  // Whoever started us stopped reading (a closed terminal, a test runner that died): writing would only raise
  // EPIPE again and again, so stop instead.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') void shutdown(0);
    });
  }
  process.on('uncaughtException', (err) => {
    if (!shuttingDown) log.error('Unexpected error:', err);
    void shutdown(1);
  });

  // The demo backend starts before the URL is printed, so the first page is quick.
  if (app.services.registry.activeId() === 'demo') await app.embedded.start();
  const testHooks =
    process.env.REFLECT_TEST_HOOKS === '1'
      ? {
          'backend-stop': () => app.embedded.stop(),
          'backend-start': async () => void (await app.embedded.start()),
          'backend-info': async () => ({ databaseUrl: app.embedded.running()?.databaseUrl ?? null }),
        }
      : undefined;
  server = await startBrowserModeServer({
    router: app.router,
    events: app.services.events,
    rendererRoot: rendererRoot(),
    port,
    contentSecurityPolicy: (nonce) =>
      contentSecurityPolicy({
        imageOrigins: [HOSTED_STORAGE_SOURCE, ...(app.embedded.running() ? [app.embedded.running()?.url ?? ''] : [])],
        styleNonce: nonce,
      }),
    ...(testHooks ? { testHooks } : {}),
  });
  console.log(`Reflect Admin: ${server.url}/#token=${server.token}`);
}

main().catch((err: unknown) => {
  // node:util's parseArgs names a bad option with an ERR_PARSE_ARGS_* code: point at the list of good ones.
  const badOption = String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  log.error(`Reflect Admin could not start: ${(err as Error).message}${badOption ? ' (npm run start:web -- --help lists the options)' : ''}`);
  process.exit(1);
});
