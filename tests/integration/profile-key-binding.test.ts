import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { ADMIN_EMAIL, DEMO_PASSWORD, MEMBER_EMAIL, bootTestApp, type TestApp } from '../support/booted.js';
import { KEYS_FOR_NEW_URL_MESSAGE } from '../../main/core/profiles.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';
import type { ProfileSummary } from '../../shared/rules/profiles/types.js';

const backend = sharedBackend();

/** A host of the attacker's: records every request it receives, headers and body, and answers 200 {}. */
async function foreignHost(): Promise<{ url: string; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${Buffer.concat(chunks).toString('utf8')}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const ATTACKER_ANON = `attacker-anon-${'a'.repeat(30)}`;
const ATTACKER_SERVICE = `attacker-service-${'s'.repeat(30)}`;

/** Every operation the renderer can send after a switch, with inputs that pass the schemas. */
const ANY_OPERATION: ReadonlyArray<readonly [string, unknown]> = [
  ['app.info', {}],
  ['auth.getSession', {}],
  ['dashboard.overview', {}],
  ['users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 10 }],
  ['coaches.list', {}],
  ['analytics.syncStatus', {}],
  ['auth.signOut', {}],
];

describe('a stored key reaches only the origin it was saved with (issue 9, item 1)', () => {
  let app: TestApp;
  let foreign: Awaited<ReturnType<typeof foreignHost>>;
  let real: ProfileSummary;
  const secrets = [backend.serviceRoleKey, backend.anonKey, DEMO_PASSWORD];
  const leaked = () => foreign.received.filter((r) => secrets.some((s) => r.includes(s)));

  beforeAll(async () => {
    foreign = await foreignHost();
    app = bootTestApp(backend);
    // The administrator's project, saved with its keys (the shared backend plays the hosted project).
    real = await app.data<ProfileSummary>('profiles.save', {
      name: 'Production',
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
    });
    await app.data('profiles.activate', { id: real.id });
  });
  afterAll(async () => {
    await app?.close();
    await foreign?.close();
  });

  it('saving an existing profile with a new URL and no keys is refused, and the stored keys stay where they were', async () => {
    const moved = await app.call('profiles.save', { id: real.id, name: 'Production', url: foreign.url, anonKey: ATTACKER_ANON });
    expect(moved).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: KEYS_FOR_NEW_URL_MESSAGE });
    // A trailing slash or other spelling of the same origin is no change of URL.
    const respelled = await app.call<ProfileSummary>('profiles.save', { id: real.id, name: 'Production', url: `${backend.url}/`, anonKey: backend.anonKey });
    expect(respelled).toMatchObject({ ok: true, data: { hasKeys: true, url: backend.url } });
    expect(await app.data('profiles.test', { id: real.id })).toMatchObject({ anonKeyAccepted: true, serviceRoleKeyAccepted: true });
    await app.data('profiles.activate', { id: 'demo' });
    await app.data('profiles.activate', { id: real.id });
    for (const [name, input] of ANY_OPERATION) await app.call(name, input);
    await app.signIn();
    await app.call('users.page', { filter: 'all', search: '', sort: { key: 'created', direction: 'desc' }, offset: 0, limit: 10 });
    await app.call('auth.signOut', {});
    expect(foreign.received).toEqual([]);
  });

  it('a new URL with keys typed again drops the stored keys: the foreign host only ever sees the keys typed for it', async () => {
    const moved = await app.data<ProfileSummary>('profiles.save', {
      id: real.id,
      name: 'Production',
      url: foreign.url,
      anonKey: ATTACKER_ANON,
      serviceRoleKey: ATTACKER_SERVICE,
    });
    expect(moved).toMatchObject({ url: foreign.url, hasKeys: true });
    await app.call('profiles.test', { id: real.id });
    await app.call('profiles.activate', { id: 'demo' });
    await app.call('profiles.activate', { id: real.id });
    for (const [name, input] of ANY_OPERATION) await app.call(name, input);
    expect(foreign.received.length).toBeGreaterThan(0);
    expect(leaked()).toEqual([]);
    // Moving back needs the real keys again: the attacker's keys are not carried back either.
    const back = await app.call('profiles.save', { id: real.id, name: 'Production', url: backend.url, anonKey: backend.anonKey });
    expect(back).toMatchObject({ ok: false, message: KEYS_FOR_NEW_URL_MESSAGE });
    await app.data('profiles.save', { id: real.id, name: 'Production', url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey });
    expect(leaked()).toEqual([]);
  });

  it('keys whose recorded origin differs from the URL are never attached, whoever asks for them', async () => {
    // As if the profile file had been edited behind main's back: the URL moves, the keys stay.
    const store = (app.services.registry as unknown as { store: { list(): Array<{ id: string; url: string }>; save(p: unknown): void } }).store;
    const stored = store.list().find((p) => p.id === real.id);
    store.save({ ...stored, url: foreign.url });
    expect(app.services.registry.credentials(real.id)).toBeUndefined();
    expect(await app.call('profiles.test', { id: real.id })).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' });
    await app.call('profiles.activate', { id: real.id });
    for (const [name, input] of ANY_OPERATION) await app.call(name, input);
    expect(leaked()).toEqual([]);
    store.save({ ...stored, url: backend.url });
  });

  it('an administrator repointing the active project takes no session token there either', async () => {
    await app.data('profiles.activate', { id: real.id });
    await app.signIn(ADMIN_EMAIL, DEMO_PASSWORD);
    const conn = await app.services.connections.current();
    const session = JSON.parse(conn.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token?: string; refresh_token?: string };
    const tokens = [session.access_token, session.refresh_token].filter((t): t is string => Boolean(t));
    expect(tokens).toHaveLength(2);
    await app.data('profiles.save', { id: real.id, name: 'Production', url: foreign.url, anonKey: ATTACKER_ANON, serviceRoleKey: ATTACKER_SERVICE });
    await app.call('profiles.test', { id: real.id });
    for (const [name, input] of ANY_OPERATION) await app.call(name, input);
    await app.call('profiles.activate', { id: 'demo' });
    await app.call('profiles.activate', { id: real.id });
    for (const [name, input] of ANY_OPERATION) await app.call(name, input);
    expect(foreign.received.filter((r) => tokens.some((t) => r.includes(t)))).toEqual([]);
    expect(leaked()).toEqual([]);
    await app.data('profiles.save', { id: real.id, name: 'Production', url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey });
  });

  it('typed keys are tested only over https or loopback http', async () => {
    for (const url of [
      'http://192.0.2.10',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'ftp://127.0.0.1',
      'http://user:pw@127.0.0.1:1',
    ]) {
      const r = await app.call('profiles.test', { url, anonKey: ATTACKER_ANON, serviceRoleKey: ATTACKER_SERVICE });
      expect(r, url).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    }
  });

  it('while a session is open, only an administrator may repoint or switch the active project', async () => {
    await app.data('profiles.activate', { id: real.id });
    await app.signIn(MEMBER_EMAIL, DEMO_PASSWORD);
    const repoint = await app.call('profiles.save', {
      id: real.id,
      name: 'Production',
      url: foreign.url,
      anonKey: ATTACKER_ANON,
      serviceRoleKey: ATTACKER_SERVICE,
    });
    expect(repoint).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await app.call('profiles.activate', { id: 'demo' })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await app.call('profiles.remove', { id: real.id })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(app.services.registry.get(real.id)).toMatchObject({ url: backend.url, hasKeys: true });
    await app.call('auth.signOut', {});
    await app.signIn(ADMIN_EMAIL, DEMO_PASSWORD);
    expect(await app.call('profiles.activate', { id: 'demo' })).toMatchObject({ ok: true });
    expect(leaked()).toEqual([]);
  });
});
