import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadOrCreateSecrets, signApiKey } from './keys.js';
import { settleParkedFiles } from './functions/users/storage-files.js';
import { migrate } from './migrate.js';
import { startPostgres, type PostgresServer } from './process/postgres.js';
import { startPostgrest, type PostgrestServer } from './process/postgrest.js';
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
  stop(): Promise<void>;
}

type Stoppable = PostgresServer | PostgrestServer | Gateway | MailSink | LinkProxy | pg.Pool;

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
    const postgres = await startPostgres({
      clusterDir: path.join(opts.dataDir, 'pgdata'),
      superuserPassword: secrets.superuserPassword,
      fresh: opts.fresh === true,
      ...(template ? { template: path.join(template, 'pgdata') } : {}),
      log,
    });
    started.push(postgres);
    mark('postgres');
    const pool = new pg.Pool({ connectionString: postgres.superuserUrl, max: 12 });
    // An idle client losing its server (the stack stopping) must not crash the host.
    pool.on('error', () => undefined);
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

    const postgrest = await startPostgrest({
      dbUrl: `postgres://authenticator:${encodeURIComponent(secrets.authenticatorPassword)}@127.0.0.1:${postgres.port}/postgres`,
      jwtSecret: secrets.jwtSecret,
      log,
      // Beside the folder, as its lock, so a fresh start (which removes the folder) still finds it.
      pidFile: `${path.resolve(opts.dataDir)}.postgrest.pid`,
    });
    started.push(postgrest);
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
    return {
      url: link?.url ?? gateway.url,
      anonKey,
      serviceRoleKey,
      databaseUrl: postgres.superuserUrl,
      outboxDir: mailSink.outboxDir,
      timings,
      stop: () => (stopped ??= stopAll([...started]).finally(() => lock.release())),
    };
  } catch (err) {
    await stopAll(started);
    lock.release();
    throw err;
  }
}
