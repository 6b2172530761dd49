import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadOrCreateSecrets, signApiKey } from './keys.js';
import { settleParkedFiles } from './functions/users/storage-files.js';
import { migrate } from './migrate.js';
import { startPostgres } from './process/postgres.js';
import { startPostgrest } from './process/postgrest.js';
import { startGateway, type Gateway } from './gateway/server.js';
import type { AuthOptions } from './gateway/auth/options.js';
import { FUNCTIONS } from './functions/index.js';
import { seedIfEmpty, speakLibrary, type SeedOptions } from './seed/index.js';
import { lockDataDir } from './process/data-lock.js';
import { outboxDirOf, startMailSink, type MailSink } from './process/mail-sink.js';
import { startLinkProxy, type LinkProxy } from './link/proxy.js';
import type { LinkShape } from './link/shape.js';

export interface LocalBackendOptions {
  /** The profile's backend folder: cluster, storage objects and the stack's own secrets. */
  readonly dataDir: string;
  /** Start from a new, freshly seeded database. */
  readonly fresh?: boolean;
  /**
   * With `fresh`: a stopped backend folder started fresh earlier with the same code (test runs build one per run),
   * copied instead of initdb + migrate + seed, which saves most of a start.
   */
  readonly template?: string;
  readonly seed?: SeedOptions;
  /** /auth/v1 settings (confirmation, rate limits); hosted Supabase's defaults when left out. */
  readonly auth?: Partial<AuthOptions>;
  readonly log?: (line: string) => void;
  /** Puts a simulated network link (latency, bandwidth) between the app and the gateway: the URL is the link's. */
  readonly link?: LinkShape;
}

export interface LocalBackend {
  /** The Supabase-compatible URL (gateway) for supabase-js. */
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Direct SQL for tests, benchmarks and ground-truth checks; never handed to the renderer. */
  readonly databaseUrl: string;
  /** The mail sink's folder of delivered messages (.eml), read by main's demo outbox. */
  readonly outboxDir: string;
  readonly timings: Readonly<Record<string, number>>;
  /**
   * Stops PostgREST or PostgreSQL and starts it again on the same port and data, as a hosted project's service
   * restarts (a fault run's outage); stays down `downMs` (default 0) and resolves once it answers again. Meanwhile
   * the gateway answers 503 for a request it could not pass on, 502 for one cut after it was.
   */
  restart(part: 'postgrest' | 'postgres', downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<void> } | Gateway | MailSink | LinkProxy | pg.Pool;

async function stopAll(parts: Stoppable[]): Promise<void> {
  for (const part of parts.reverse()) {
    if ('end' in part) await part.end().catch(() => undefined);
    else if ('close' in part) await part.close().catch(() => undefined);
    else await part.stop().catch(() => undefined);
  }
}

export async function startLocalBackend(opts: LocalBackendOptions): Promise<LocalBackend> {
  const log = opts.log ?? (() => undefined);
  const t0 = Date.now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => {
    timings[name] = Date.now() - t0;
  };
  const lock = lockDataDir(opts.dataDir);
  const template = opts.fresh ? opts.template : undefined;
  if (opts.fresh) {
    fs.rmSync(opts.dataDir, { recursive: true, force: true });
  }
  // The template's secrets match its cluster's passwords; its cluster is copied by startPostgres (it may live
  // outside the folder when running as root).
  if (template) fs.cpSync(template, opts.dataDir, { recursive: true, filter: (src) => src !== path.join(template, 'pgdata') });
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(opts.dataDir);
  const storageRoot = path.join(opts.dataDir, 'storage');
  fs.mkdirSync(storageRoot, { recursive: true });

  // A folder whose seed has not stored its TTS audio yet will be seeded: the audio is spoken while PostgreSQL
  // starts, on the speech engine's own thread (seedIfEmpty ignores it when the database is seeded already).
  const spoken = !template && !fs.existsSync(path.join(storageRoot, 'tts-audio')) ? speakLibrary() : undefined;
  const started: Stoppable[] = [];
  try {
    const clusterDir = path.join(opts.dataDir, 'pgdata');
    let postgres = await startPostgres({
      clusterDir,
      superuserPassword: secrets.superuserPassword,
      fresh: opts.fresh === true,
      ...(template ? { template: path.join(template, 'pgdata') } : {}),
      log,
    });
    // Stopped through this wrapper, so a restarted server is the one stopped.
    started.push({ stop: () => postgres.stop() });
    mark('postgres');
    const pool = new pg.Pool({ connectionString: postgres.superuserUrl, max: 12 });
    // An idle client losing its server (the stack stopping) must not crash the host,
    pool.on('error', () => undefined);
    // nor a checked-out one between two queries of a transaction (PostgreSQL restarted under it: pg emits 'error' on
    // the client when no query is active; the next query then fails as the server's error, and the pool drops it).
    pool.on('connect', (client) => client.on('error', () => undefined));
    started.push(pool);

    const client = await pool.connect();
    try {
      await migrate(client);
      await client.query(`alter role authenticator with login password '${secrets.authenticatorPassword.replace(/'/g, "''")}'`);
    } finally {
      client.release();
    }
    mark('migrate');
    // Files a killed deletion parked are put back or removed, as the database committed, before anyone reads them.
    const settled = await settleParkedFiles(pool, storageRoot);
    if (settled.restored || settled.removed)
      log(`storage: ${settled.restored} parked file(s) restored, ${settled.removed} removed after an interrupted deletion`);
    await seedIfEmpty(pool, { ...opts.seed, log }, { storageRoot, ...(spoken ? { spoken } : {}) });
    mark('seed');

    const postgrestOptions = {
      dbUrl: `postgres://authenticator:${encodeURIComponent(secrets.authenticatorPassword)}@127.0.0.1:${postgres.port}/postgres`,
      jwtSecret: secrets.jwtSecret,
      log,
      // Beside the folder, as its lock, so a fresh start (which removes the folder) still finds it.
      pidFile: `${path.resolve(opts.dataDir)}.postgrest.pid`,
    };
    let postgrest = await startPostgrest(postgrestOptions);
    started.push({ stop: () => postgrest.stop() });
    mark('postgrest');
    const mailSink = await startMailSink(outboxDirOf(opts.dataDir));
    started.push(mailSink);
    mark('mail');
    const gateway = await startGateway({
      db: pool,
      jwtSecret: secrets.jwtSecret,
      postgrestUrl: postgrest.url,
      storageRoot,
      functions: FUNCTIONS,
      mail: { host: mailSink.host, port: mailSink.port },
      ...(opts.auth ? { auth: opts.auth } : {}),
      log,
    });
    started.push(gateway);
    mark('gateway');
    const link = opts.link ? await startLinkProxy({ upstream: gateway.url, shape: opts.link }) : undefined;
    if (link) started.push(link);

    const [anonKey, serviceRoleKey] = await Promise.all([signApiKey(secrets.jwtSecret, 'anon'), signApiKey(secrets.jwtSecret, 'service_role')]);
    let stopped: Promise<void> | undefined;
    // One restart at a time; the same port, so the gateway and PostgREST find the new server where the old one was.
    let restarting: Promise<void> = Promise.resolve();
    const restart = (part: 'postgrest' | 'postgres', downMs = 0) =>
      (restarting = restarting
        .catch(() => undefined)
        .then(async () => {
          if (stopped) throw new Error('The demo backend has stopped.');
          if (part === 'postgrest') {
            await postgrest.stop();
            await new Promise((r) => setTimeout(r, downMs));
            postgrest = await startPostgrest({ ...postgrestOptions, port: Number(new URL(postgrest.url).port) });
          } else {
            await postgres.stop();
            await new Promise((r) => setTimeout(r, downMs));
            postgres = await startPostgres({ clusterDir, superuserPassword: secrets.superuserPassword, port: postgres.port, log });
          }
        }));
    return {
      url: link?.url ?? gateway.url,
      anonKey,
      serviceRoleKey,
      databaseUrl: postgres.superuserUrl,
      outboxDir: mailSink.outboxDir,
      timings,
      restart,
      stop: () => (stopped ??= stopAll([...started]).finally(() => lock.release())),
    };
  } catch (err) {
    await stopAll(started);
    lock.release();
    throw err;
  }
}
