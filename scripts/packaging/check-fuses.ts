#!/usr/bin/env tsx
/**
 * After electron-builder: reads the fuses of every packaged binary in release/ with `@electron/fuses read --app`
 * and fails unless each is as electron-builder.yml's electronFuses sets it (SECURITY.md E8).
 *   npx tsx scripts/packaging/check-fuses.ts [release-dir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readBuilderConfig } from './builder-config.js';
import { compareFuses, expectedFuses, parseFuseRead } from './fuses.js';
import { packagedApps } from './packaged-apps.js';

/** The file `npx @electron/fuses` runs (its package.json "bin"), started with node: no npx.cmd shim on Windows. */
function fusesCli(): string {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('@electron/fuses/package.json');
  const bin = (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { bin: Record<string, string> }).bin;
  return path.join(path.dirname(pkgFile), Object.values(bin)[0]!);
}

const releaseDir = process.argv[2] ?? 'release';
const config = readBuilderConfig();
const expected = expectedFuses(config.electronFuses);
const apps = packagedApps(releaseDir, fs.existsSync(releaseDir) ? fs.readdirSync(releaseDir) : [], config);
if (apps.length === 0) {
  console.error(`No packaged app in ${releaseDir}/ (linux-unpacked, win-unpacked or mac*): run electron-builder first.`);
  process.exit(1);
}

let failed = false;
for (const app of apps) {
  const output = execFileSync(process.execPath, [fusesCli(), 'read', '--app', app.binary], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  console.log(output.trim());
  const problems = compareFuses(expected, parseFuseRead(output));
  for (const p of problems) console.error(`${app.target}: ${p}`);
  if (problems.length === 0) console.log(`${app.target}: all ${expected.size} fuses are as electron-builder.yml sets them.`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
