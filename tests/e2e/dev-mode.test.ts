// `npm run dev` (issue 29): the renderer from Vite's dev server with hot reload, browser mode's main behind it. The
// page signs in and shows the dashboard through the dev server; a call from another origin, or without the dev
// page's token, is refused as browser mode refuses it; stopping `npm run dev` stops browser mode too.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { inject, afterAll, beforeAll, describe, expect as assert, it } from 'vitest';
import { expect } from '@playwright/test';
import type { Browser } from 'playwright';
import { DEMO, launchChromium, signIn } from '../support/chromium.js';
import { ROOT } from '../support/browser-mode.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm run dev', () => {
  let dev: ChildProcess;
  let browser: Browser;
  let out = '';
  let url = '';
  let devPort = 0;
  const dataDir = backendTempDir('reflect-dev-');

  beforeAll(async () => {
    devPort = await freePort();
    dev = spawn(process.execPath, [path.join(ROOT, 'scripts/dev.mjs'), '--dev-port', String(devPort), '--data-dir', dataDir, '--fresh'], {
      cwd: ROOT,
      env: { ...process.env, REFLECT_TEST_HOOKS: '1', REFLECT_AUTH_RATE_LIMITS: 'off', REFLECT_BACKEND_TEMPLATE: inject('backendTemplate') ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    dev.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm run dev did not start in 150 s:\n${out}`)), 150_000);
      dev.stdout?.on('data', () => {
        const m = /Reflect Admin \(dev\): (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      dev.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${out}`)));
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (dev && dev.exitCode === null) {
      dev.kill('SIGTERM');
      await new Promise((r) => dev.once('exit', r));
    }
    removeBackendTempDir(dataDir);
  }, 60_000);

  it('serves the app with hot reload, signs in through the dev server, and refuses foreign calls', { timeout: 120_000 }, async () => {
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    // Vite's client is on the page: hot reload.
    const html = await (await fetch(`${origin}/`)).text();
    assert(html).toContain('/@vite/client');
    await signIn(page, url, DEMO.admin);
    await expect.poll(() => page.url(), { timeout: 60_000 }).toMatch(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });

    const devToken = new URL(url).hash.replace('#token=', '');
    const call = (headers: Record<string, string>) =>
      fetch(`${origin}/api/op/app.info`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    assert((await call({ 'x-reflect-token': devToken, origin })).status).toBe(200);
    assert((await call({})).status).toBe(401);
    assert((await call({ 'x-reflect-token': 'not-the-token' })).status).toBe(401);
    assert((await call({ 'x-reflect-token': devToken, origin: 'http://evil.example' })).status).toBe(403);
    await page.close();
  });

  it('stops browser mode and the dev server when it is stopped', { timeout: 60_000 }, async () => {
    const mainPort = Number(/main is on port (\d+)/.exec(out)?.[1] ?? 0);
    dev.kill('SIGTERM');
    await new Promise((r) => dev.once('exit', r));
    assert(await listening(devPort)).toBe(false);
    // Browser mode gets SIGTERM as npm run dev ends, and takes a moment to stop its backend.
    assert(mainPort).toBeGreaterThan(0);
    await expect.poll(() => listening(mainPort), { timeout: 30_000 }).toBe(false);
  });
});
