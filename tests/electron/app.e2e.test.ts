import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { _electron, type ElectronApplication, type Page } from 'playwright';
import { contract } from '../../shared/contract/index.js';

/**
 * The Electron shell, driven by Playwright (E1, E9 where the runtime exists): no Node in the page, window.admin
 * with the contract's areas, the sign-in screen. Skipped, and said so, where the Electron binary is missing, unless
 * REFLECT_ELECTRON_E2E=required (the release workflow: under xvfb on Linux, natively on Windows and macOS).
 */
const root = path.resolve('.');

function electronBinary(): string | undefined {
  const pathFile = path.join(root, 'node_modules', 'electron', 'path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const bin = path.join(root, 'node_modules', 'electron', 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(bin) ? bin : undefined;
}

const binary = electronBinary();
// The release workflow sets REFLECT_ELECTRON_E2E=required: there a missing runtime is a failure, not a skip.
if (!binary && process.env.REFLECT_ELECTRON_E2E === 'required') {
  throw new Error(
    'REFLECT_ELECTRON_E2E=required, but the Electron runtime is not installed (node_modules/electron/dist): run node node_modules/electron/install.js.',
  );
}
if (!binary) console.log('Electron runtime not installed: skipped the Electron shell test');

describe.skipIf(!binary)('the Electron shell', () => {
  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  beforeAll(async () => {
    for (const built of ['dist/main/electron.js', 'dist/preload/index.cjs', 'dist/renderer/index.html']) {
      if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: build the app before the Electron shell test.`);
    }
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-electron-'));
    app = await _electron.launch({
      executablePath: binary,
      args: [root, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, REFLECT_USER_DATA_DIR: userData },
      timeout: 60_000,
    });
    page = await app.firstWindow();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
  }, 60_000);

  it('loads the renderer from app://reflect/', () => {
    expect(page.url()).toMatch(/^app:\/\/reflect\//);
  });

  it('gives the page no Node', async () => {
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  });

  it("exposes window.admin with the contract's areas and nothing that reaches IPC directly", async () => {
    const keys = await page.evaluate(() => Object.keys((window as unknown as { admin: object }).admin).sort());
    expect(keys).toEqual([...Object.keys(contract), 'events'].sort());
    expect(await page.evaluate(() => 'ipcRenderer' in window)).toBe(false);
  });

  it('shows the sign-in screen', async () => {
    await page.getByRole('form', { name: 'Sign in' }).waitFor({ timeout: 90_000 });
  }, 120_000);
});
