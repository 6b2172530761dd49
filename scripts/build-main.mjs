#!/usr/bin/env node
/**
 * Bundles main and preload with esbuild:
 *   main/app/main.ts  -> dist/main/electron.js   (ESM, Node 20+, node_modules required at run time)
 *   main/web/cli.ts   -> dist/main/web.js        (browser mode, same settings)
 *   preload/index.ts  -> dist/preload/index.cjs  (CommonJS for the sandboxed preload; everything bundled but electron)
 *     The preload needs only the operations' names, so the contract module is replaced in that bundle by its
 *     names and channel constants, computed from the real contract at build time (no zod in the preload).
 * and copies main/local-backend/migrations/*.sql to dist/main/migrations/.
 * Sourcemaps are external files. `--watch` rebuilds on change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = process.env.NODE_ENV === 'production';
// REFLECT_DIST lets several builds coexist (e.g. parallel test runs); the app itself always ships dist/.
const out = process.env.REFLECT_DIST || 'dist';

const nodeEsm = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'external',
  legalComments: 'none',
  logLevel: 'info',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
};

/** Browser mode's entry, also built and watched by scripts/dev.mjs. */
export const webBuild = { ...nodeEsm, entryPoints: ['main/web/cli.ts'], outfile: `${out}/main/web.js` };

const builds = [
  { ...nodeEsm, entryPoints: ['main/app/main.ts'], outfile: `${out}/main/electron.js` },
  webBuild,
  {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron'],
    sourcemap: 'external',
    legalComments: 'none',
    logLevel: 'info',
    entryPoints: ['preload/index.ts'],
    outfile: `${out}/preload/index.cjs`,
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  },
];

/** The contract's operation names and channels, read from the real contract (bundled to a temp file and imported). */
async function contractNames() {
  const tmp = path.join(root, out, '.contract-names.mjs');
  await esbuild.build({ ...nodeEsm, logLevel: 'warning', sourcemap: false, absWorkingDir: root, entryPoints: ['shared/contract/index.ts'], outfile: tmp });
  try {
    const c = await import(`${pathToFileURL(tmp).href}?t=${Date.now()}`);
    return {
      operations: c.OPERATIONS.map(({ name, area, method }) => ({ name, area, method })),
      eventChannel: c.EVENT_CHANNEL,
      appCommandChannel: c.APP_COMMAND_CHANNEL,
      operationChannelPrefix: c.OPERATION_CHANNEL_PREFIX,
    };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

function contractNamesPlugin(names) {
  return {
    name: 'contract-names',
    setup(build) {
      build.onResolve({ filter: /shared\/contract\/index\.js$/ }, () => ({ path: 'contract-names', namespace: 'contract-names' }));
      build.onLoad({ filter: /.*/, namespace: 'contract-names' }, () => ({
        loader: 'js',
        contents: [
          `export const OPERATIONS = Object.freeze(${JSON.stringify(names.operations)});`,
          `export const EVENT_CHANNEL = ${JSON.stringify(names.eventChannel)};`,
          `export const APP_COMMAND_CHANNEL = ${JSON.stringify(names.appCommandChannel)};`,
          `export const OPERATION_CHANNEL_PREFIX = ${JSON.stringify(names.operationChannelPrefix)};`,
        ].join('\n'),
      }));
    },
  };
}

/** Copies the migrations over the old copies (never an empty folder a running process could see), then drops stale ones. */
export function copyMigrations() {
  const from = path.join(root, 'main/local-backend/migrations');
  const to = path.join(root, out, 'main/migrations');
  fs.mkdirSync(to, { recursive: true });
  const files = fs.readdirSync(from).filter((f) => f.endsWith('.sql'));
  for (const f of files) fs.copyFileSync(path.join(from, f), path.join(to, f));
  for (const f of fs.readdirSync(to)) if (!files.includes(f)) fs.rmSync(path.join(to, f), { force: true });
  console.log(`Copied ${files.length} migrations to ${out}/main/migrations/`);
}

async function main() {
  const present = builds.filter((b) => {
    const entry = b.entryPoints[0];
    if (fs.existsSync(path.join(root, entry))) return true;
    console.warn(`warning: ${entry} does not exist yet; skipped ${b.outfile}`);
    return false;
  });
  copyMigrations();
  const preload = present.find((b) => b.outfile === `${out}/preload/index.cjs`);
  if (preload) preload.plugins = [contractNamesPlugin(await contractNames())];
  if (watch) {
    for (const b of present) await (await esbuild.context({ ...b, absWorkingDir: root })).watch();
    console.log('Watching main and preload for changes...');
    return;
  }
  await Promise.all(present.map((b) => esbuild.build({ ...b, absWorkingDir: root })));
}

// Run as a script; imported (by scripts/dev.mjs) it only lends its settings.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
