import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, type TestApp } from '../support/booted.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';
import { setLogSink } from '../../main/ground/log.js';
import { OPERATIONS } from '../../shared/contract/index.js';

const backend = sharedBackend();

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** A valid input per operation where {} is not one; operations missing here are called with {}. */
const SAMPLE_INPUTS: Record<string, unknown> = {
  'auth.signIn': { email: 'admin@reflect.local', password: 'reflect-demo' },
  'dashboard.setDemoPassword': { password: 'leak-check-1' },
  'profiles.test': { id: 'demo' },
  'profiles.activate': { id: 'demo' },
};

describe('keys and tokens never cross the bridge, reach a log, or land on disk without a keyring (K1, K2, K3)', () => {
  let app: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    setLogSink((_level, line) => logged.push(line));
    app = bootTestApp(backend);
    await app.signIn();
  });
  afterAll(async () => {
    setLogSink((level, line) => (level === 'error' ? console.error(line) : undefined));
    await app?.close();
  });

  it('no reply of any operation contains a key or the session tokens', async () => {
    const conn = await app.services.connections.current();
    const session = JSON.parse(conn.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token?: string; refresh_token?: string };
    const secrets = [backend.serviceRoleKey, backend.anonKey, session.access_token, session.refresh_token].filter((s): s is string => Boolean(s));
    expect(secrets.length).toBe(4);
    const replies: string[] = [];
    for (const op of OPERATIONS) {
      if (op.name === 'auth.signOut') continue;
      replies.push(JSON.stringify(await app.call(op.name, SAMPLE_INPUTS[op.name] ?? {})));
    }
    for (const reply of replies) for (const s of secrets) expect(reply.includes(s)).toBe(false);
    expect(replies.some((r) => r.includes('"ok":true'))).toBe(true);
  });

  it('a saved project keeps its keys in memory only when there is no keyring, and the log never shows them', async () => {
    const serviceRoleKey = `sb_secret_${'x'.repeat(40)}`;
    const anonKey = `sb_publishable_${'y'.repeat(40)}`;
    const saved = await app.data<{ id: string; keysPersisted: boolean; hasKeys: boolean }>('profiles.save', {
      name: 'Leak check',
      url: 'https://leak-check.supabase.co',
      anonKey,
      serviceRoleKey,
    });
    expect(saved).toMatchObject({ hasKeys: true, keysPersisted: false });
    // Failing calls log their context; none of it may show the keys.
    await app.call('profiles.test', { id: saved.id });
    for (const file of filesUnder(app.dataDir)) {
      const content = fs.readFileSync(file);
      expect(content.includes(serviceRoleKey), file).toBe(false);
      expect(content.includes(anonKey), file).toBe(false);
    }
    for (const line of logged) {
      expect(line.includes(serviceRoleKey)).toBe(false);
      expect(line.includes(backend.serviceRoleKey)).toBe(false);
    }
    await app.call('profiles.remove', { id: saved.id });
  });
});
