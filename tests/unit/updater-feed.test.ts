import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUpdateFlow, type UpdaterPort, type UpdateUi } from '../../main/app/update-flow.js';

/**
 * The real electron-updater (SECURITY.md U1) against an update feed on the loopback (its generic provider), with
 * Electron's modules faked: `net.request` is Node's http.request and the app is a plain adapter. The flow of
 * main/app/update-flow.ts drives it as the app does. What installing does (replacing the program) is electron-updater's
 * and the installer's, outside the test; quitAndInstall is recorded instead.
 */
const require = createRequire(import.meta.url);
const NEW = 'Reflect-Admin-1.3.0-linux-x86_64.AppImage';
const GOOD = Buffer.from('the 1.3.0 AppImage '.repeat(20_000));
let tmp: string;
let server: http.Server;
let feed: string;
let serve: { version: string; body: Buffer; sha512Of: Buffer; interrupt?: boolean };
const savedAppImage = process.env.APPIMAGE;

/** Electron as electron-updater uses it here: net.request and session.fromPartition; app is passed as an adapter. */
function fakeElectron(): void {
  const id = require.resolve('electron', { paths: [path.dirname(require.resolve('electron-updater'))] });
  const fake = new Module(id);
  fake.filename = id;
  fake.loaded = true;
  fake.exports = {
    net: { request: (options: http.RequestOptions) => http.request(options) },
    session: { fromPartition: () => ({}) },
    autoUpdater: new EventEmitter(),
  };
  require.cache[id] = fake;
}

function yml(version: string, sha512Of: Buffer, size: number): string {
  const sha512 = crypto.createHash('sha512').update(sha512Of).digest('base64');
  return `version: ${version}\nfiles:\n  - url: ${NEW}\n    sha512: ${sha512}\n    size: ${size}\npath: ${NEW}\nsha512: ${sha512}\nreleaseDate: '2026-11-26T12:00:00.000Z'\n`;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-updater-'));
  fs.writeFileSync(path.join(tmp, 'old.AppImage'), 'the installed 1.2.3');
  process.env.APPIMAGE = path.join(tmp, 'old.AppImage');
  fakeElectron();
  server = http.createServer((req, res) => {
    const url = req.url?.split('?')[0] ?? '';
    if (/^\/latest(-linux|-mac)?\.yml$/.test(url)) {
      res.end(yml(serve.version, serve.sha512Of, serve.body.length));
    } else if (url === `/${NEW}`) {
      res.writeHead(200, { 'content-length': serve.body.length, 'content-type': 'application/octet-stream' });
      if (serve.interrupt) res.write(serve.body.subarray(0, serve.body.length / 2), () => res.destroy());
      else res.end(serve.body);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  if (savedAppImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = savedAppImage;
  await new Promise((r) => server.close(r));
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface RealUpdater extends UpdaterPort {
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  disableDifferentialDownload: boolean;
  logger: unknown;
}

/** A fresh updater as an installed 1.2.3 has it, each with its own cache folder. */
function installed(name: string): RealUpdater {
  const { AppImageUpdater } = require('electron-updater') as { AppImageUpdater: new (options: unknown, app: unknown) => RealUpdater };
  const root = path.join(tmp, name);
  // What electron-builder writes into the packaged app (from electron-builder.yml's publish), here for the generic feed.
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'app-update.yml'), `provider: generic\nurl: ${feed}\nupdaterCacheDirName: reflect-admin-updater\n`);
  const app = {
    version: '1.2.3',
    name: 'reflect-admin',
    isPackaged: true,
    appUpdateConfigPath: path.join(root, 'app-update.yml'),
    userDataPath: path.join(root, 'userData'),
    baseCachePath: path.join(root, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new AppImageUpdater(undefined, app);
  // Given an app adapter, electron-updater leaves the HTTP client to the caller: the one it uses in the app, over Electron's net.
  const { ElectronHttpExecutor } = require('electron-updater/out/electronHttpExecutor') as { ElectronHttpExecutor: new (login: null) => unknown };
  (updater as unknown as { httpExecutor: unknown }).httpExecutor = new ElectronHttpExecutor(null);
  updater.logger = null;
  updater.setFeedURL({ provider: 'generic', url: feed });
  updater.disableDifferentialDownload = true; // the old AppImage here is no AppImage to diff against
  updater.quitAndInstall = vi.fn();
  return updater;
}

function screen(answer: number): UpdateUi & { events: string[]; settled: Promise<void> } {
  const events: string[] = [];
  let done: () => void = () => undefined;
  const settled = new Promise<void>((r) => (done = r));
  return {
    events,
    settled,
    ask: async (p) => (events.push(`asked: ${p.message}`), done(), answer),
    tell: (m) => {
      events.push(`told: ${m.message}${m.detail ? ` ${m.detail}` : ''}`);
      if (!/is available/.test(m.message)) done();
    },
    progress: (v) => v > 0 && !events.includes('progress') && events.push('progress'),
    log: () => undefined,
  };
}

const pendingFiles = (name: string) => {
  const dir = path.join(tmp, name, 'cache', 'reflect-admin-updater', 'pending');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.AppImage')) : [];
};

describe('electron-updater against a feed on the loopback', () => {
  it('newer version found: downloads it in the background with progress, verifies it, and installs only on "Restart now"', async () => {
    serve = { version: '1.3.0', body: GOOD, sha512Of: GOOD };
    const updater = installed('newer');
    const ui = screen(0);
    await createUpdateFlow(updater, ui, '1.2.3', { supported: true }).check('menu');
    await ui.settled;
    expect(ui.events).toEqual([
      'told: Reflect Admin 1.3.0 is available. It is downloading in the background; you will be asked before it is installed.',
      'progress',
      'asked: Reflect Admin 1.3.0 is ready to install.',
    ]);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true));
    const [file] = pendingFiles('newer');
    expect(file).toBeDefined();
    expect(fs.readFileSync(path.join(tmp, 'newer', 'cache', 'reflect-admin-updater', 'pending', file!)).equals(GOOD)).toBe(true);
  }, 30_000);

  it('none found: says the installed version is the latest and downloads nothing', async () => {
    serve = { version: '1.2.3', body: GOOD, sha512Of: GOOD };
    const updater = installed('none');
    const ui = screen(0);
    await createUpdateFlow(updater, ui, '1.2.3', { supported: true }).check('menu');
    await ui.settled;
    expect(ui.events).toEqual(['told: Reflect Admin 1.2.3 is the latest version.']);
    expect(pendingFiles('none')).toEqual([]);
  }, 30_000);

  it('an interrupted download asks nothing and leaves nothing to install', async () => {
    serve = { version: '1.3.0', body: GOOD, sha512Of: GOOD, interrupt: true };
    const updater = installed('interrupted');
    const ui = screen(0);
    await createUpdateFlow(updater, ui, '1.2.3', { supported: true }).check('menu');
    await ui.settled;
    expect(ui.events.filter((e) => e.startsWith('told: The update'))).toEqual([
      expect.stringMatching(/^told: The update could not be downloaded\. .*Reflect Admin 1\.2\.3 stays installed and works as before\.$/),
    ]);
    expect(ui.events.some((e) => e.startsWith('asked'))).toBe(false);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(pendingFiles('interrupted')).toEqual([]);
  }, 30_000);

  it('a tampered file is refused by its sha512 and never offered', async () => {
    const tampered = Buffer.concat([GOOD.subarray(0, GOOD.length - 8), Buffer.from('tampered')]);
    serve = { version: '1.3.0', body: tampered, sha512Of: GOOD };
    const updater = installed('tampered');
    const ui = screen(0);
    await createUpdateFlow(updater, ui, '1.2.3', { supported: true }).check('menu');
    await ui.settled;
    expect(ui.events.filter((e) => e.startsWith('told: The update'))).toContain(
      'told: The update could not be downloaded. The downloaded file does not match the release’s digest, so it was refused. Reflect Admin 1.2.3 stays installed and works as before.',
    );
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(pendingFiles('tampered')).toEqual([]);
  }, 30_000);
});
