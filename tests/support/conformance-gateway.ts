import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startGateway, type Gateway } from '../../main/local-backend/gateway/server.js';
import { loadOrCreateSecrets, signApiKey } from '../../main/local-backend/keys.js';
import { startMailSink, type MailSink } from '../../main/local-backend/process/mail-sink.js';
import { parseEml, type ParsedEml } from '../../main/services/email/eml.js';
import type { AuthOptions } from '../../main/local-backend/gateway/auth/options.js';
import type { SharedBackend } from './shared-backend.js';

export interface ConformanceGateway {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** Messages the gateway delivered to its own mail sink, oldest first. */
  mails(): ParsedEml[];
  close(): Promise<void>;
}

/**
 * A second gateway over the suite's shared database, with its own mail sink and the /auth/v1 settings a
 * conformance test states (hosted defaults unless given), so limits and confirmation can be probed without
 * touching the shared gateway the other suites sign in through.
 */
export async function startConformanceGateway(backend: SharedBackend, auth: Partial<AuthOptions> = {}): Promise<ConformanceGateway> {
  const { jwtSecret } = loadOrCreateSecrets(backend.dataDir);
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-conf-mail-'));
  const db = new pg.Pool({ connectionString: backend.databaseUrl, max: 4 });
  db.on('error', () => undefined);
  let sink: MailSink | undefined;
  let gateway: Gateway | undefined;
  try {
    sink = await startMailSink(outbox);
    gateway = await startGateway({
      db,
      jwtSecret,
      postgrestUrl: 'http://127.0.0.1:9',
      storageRoot: path.join(backend.dataDir, 'storage'),
      functions: {},
      mail: { host: sink.host, port: sink.port },
      auth,
    });
  } catch (err) {
    await sink?.close();
    await db.end();
    throw err;
  }
  const [anonKey, serviceRoleKey] = await Promise.all([signApiKey(jwtSecret, 'anon'), signApiKey(jwtSecret, 'service_role')]);
  const g = gateway;
  const s = sink;
  return {
    url: g.url,
    anonKey,
    serviceRoleKey,
    mails: () =>
      fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => parseEml(fs.readFileSync(path.join(outbox, f), 'utf8'))),
    async close() {
      await g.close();
      await s.close();
      await db.end();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** The verify link in an e-mail's text. */
export function linkIn(mail: ParsedEml): string {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!m) throw new Error(`no verify link in: ${mail.text}`);
  return m[0];
}
