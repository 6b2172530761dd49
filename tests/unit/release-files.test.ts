import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareReleaseFiles, type UpdateInfo } from '../../scripts/packaging/release-files.js';

/**
 * The release job's gathering of the build jobs' files (scripts/packaging/release-files.ts) on fake installers:
 * one folder per job as actions/download-artifact leaves them, each with electron-builder's update metadata.
 */
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown; dump(v: unknown): string };
let tmp: string;
let artifacts: string;
let out: string;

function job(name: string, files: Record<string, string>, metaName?: string, meta?: string[]): void {
  const dir = path.join(artifacts, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [f, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), content);
  if (metaName && meta) {
    const info: UpdateInfo = {
      version: '1.2.3',
      files: meta.map((f) => ({
        url: f,
        sha512: crypto.createHash('sha512').update(files[f]!).digest('base64'),
        size: Buffer.byteLength(files[f]!),
      })),
      path: meta[0],
      releaseDate: '2026-11-26T12:00:00.000Z',
    };
    fs.writeFileSync(path.join(dir, metaName), yaml.dump(info));
  }
}

const P = 'Reflect-Admin-1.2.3';
function allJobs(): void {
  job('reflect-admin-linux-v1.2.3', { [`${P}-linux-x86_64.AppImage`]: 'appimage', [`${P}-linux-amd64.deb`]: 'deb' }, 'latest-linux.yml', [
    `${P}-linux-x86_64.AppImage`,
  ]);
  job('reflect-admin-windows-v1.2.3', { [`${P}-win-x64.exe`]: 'exe', [`${P}-win-x64.exe.blockmap`]: 'map' }, 'latest.yml', [`${P}-win-x64.exe`]);
  job('reflect-admin-macos-x64-v1.2.3', { [`${P}-mac-x64.zip`]: 'zip x64', [`${P}-mac-x64.dmg`]: 'dmg x64' }, 'latest-mac.yml', [
    `${P}-mac-x64.zip`,
    `${P}-mac-x64.dmg`,
  ]);
  job('reflect-admin-macos-arm64-v1.2.3', { [`${P}-mac-arm64.zip`]: 'zip arm', [`${P}-mac-arm64.dmg`]: 'dmg arm' }, 'latest-mac.yml', [
    `${P}-mac-arm64.zip`,
    `${P}-mac-arm64.dmg`,
  ]);
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-release-files-'));
  artifacts = path.join(tmp, 'artifacts');
  out = path.join(tmp, 'out');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('scripts/packaging/release-files.ts', () => {
  it('gathers every job’s files, merges the two macOS update files and writes SHA256SUMS', () => {
    allJobs();
    const sums = prepareReleaseFiles(artifacts, out, '1.2.3');
    const names = fs.readdirSync(out).sort();
    expect(names).toContain('SHA256SUMS');
    expect(names).toContain('latest-mac.yml');
    const mac = yaml.load(fs.readFileSync(path.join(out, 'latest-mac.yml'), 'utf8')) as UpdateInfo;
    expect(mac.files.map((f) => f.url).sort()).toEqual([`${P}-mac-arm64.dmg`, `${P}-mac-arm64.zip`, `${P}-mac-x64.dmg`, `${P}-mac-x64.zip`]);
    const exe = crypto.createHash('sha256').update('exe').digest('hex');
    expect(sums).toContain(`${exe}  ${P}-win-x64.exe\n`);
    expect(sums.trim().split('\n')).toHaveLength(names.length - 1);
  });

  it('refuses a file whose sha512 is not the one the update metadata gives (the updater would refuse it too)', () => {
    allJobs();
    fs.appendFileSync(path.join(artifacts, 'reflect-admin-windows-v1.2.3', `${P}-win-x64.exe`), 'tampered');
    expect(() => prepareReleaseFiles(artifacts, out, '1.2.3')).toThrow(`latest.yml: the sha512 of ${P}-win-x64.exe is not the one the metadata gives.`);
  });

  it('refuses a release missing a platform, a name with a space, or another version', () => {
    allJobs();
    fs.rmSync(path.join(artifacts, 'reflect-admin-macos-arm64-v1.2.3'), { recursive: true });
    expect(() => prepareReleaseFiles(artifacts, out, '1.2.3')).toThrow('The release lacks the macOS arm64 dmg, the macOS arm64 zip (for the updater).');
    allJobs();
    expect(() => prepareReleaseFiles(artifacts, out, '1.2.4')).toThrow(/is for version 1\.2\.3, not 1\.2\.4\./);
    fs.writeFileSync(path.join(artifacts, 'reflect-admin-windows-v1.2.3', 'Reflect Admin Setup 1.2.3.exe'), 'x');
    expect(() => prepareReleaseFiles(artifacts, out, '1.2.3')).toThrow(
      'File names with spaces (GitHub renames them, the update metadata would not match): Reflect Admin Setup 1.2.3.exe.',
    );
  });
});
