#!/usr/bin/env tsx
/**
 * The release job's last check before the draft release: gathers the installers and update metadata every build job
 * uploaded (one folder per job), merges the two macOS builds' latest-mac.yml into one, checks that every file the
 * update metadata names is there with its sha512 and size (what electron-updater verifies a download against), that
 * no name has a space, and that every platform is present; then writes SHA256SUMS.
 *
 *   npx tsx scripts/packaging/release-files.ts <artifacts-dir> <out-dir> <version>
 *
 * tests/unit/release-files.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// js-yaml comes with electron-builder (not a direct dependency of ours).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown; dump(value: unknown, options?: object): string };

export interface UpdateFile {
  readonly url: string;
  readonly sha512: string;
  readonly size: number;
}
export interface UpdateInfo {
  readonly version: string;
  readonly files: UpdateFile[];
  readonly path?: string;
  readonly sha512?: string;
  readonly releaseDate?: string;
}

/** What every release holds: installers per platform and the update metadata of each. */
export const REQUIRED = [
  { what: 'the Windows installer', test: /-win-x64\.exe$/ },
  { what: 'the macOS x64 dmg', test: /-mac-x64\.dmg$/ },
  { what: 'the macOS arm64 dmg', test: /-mac-arm64\.dmg$/ },
  { what: 'the macOS x64 zip (for the updater)', test: /-mac-x64\.zip$/ },
  { what: 'the macOS arm64 zip (for the updater)', test: /-mac-arm64\.zip$/ },
  { what: 'the Linux AppImage', test: /-linux-x86_64\.AppImage$/ },
  { what: 'the Linux deb', test: /-linux-amd64\.deb$/ },
  { what: 'latest.yml (Windows updates)', test: /^latest\.yml$/ },
  { what: 'latest-mac.yml (macOS updates)', test: /^latest-mac\.yml$/ },
  { what: 'latest-linux.yml (AppImage updates)', test: /^latest-linux\.yml$/ },
] as const;

export class ReleaseFilesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReleaseFilesError';
  }
}

function parseInfo(text: string, source: string): UpdateInfo {
  const info = yaml.load(text) as Partial<UpdateInfo> | undefined;
  if (!info || typeof info.version !== 'string' || !Array.isArray(info.files))
    throw new ReleaseFilesError(`${source} is not electron-builder update metadata.`);
  return info as UpdateInfo;
}

/** latest-mac.yml from the x64 and the arm64 builds: one list of files (electron-updater picks by "arm64" in the name). */
export function mergeUpdateInfo(infos: readonly UpdateInfo[], name: string): UpdateInfo {
  const [first, ...rest] = infos;
  if (!first) throw new ReleaseFilesError(`No ${name} to merge.`);
  const files = [...first.files];
  for (const info of rest) {
    if (info.version !== first.version) throw new ReleaseFilesError(`The builds' ${name} disagree on the version (${first.version}, ${info.version}).`);
    for (const f of info.files) if (!files.some((g) => g.url === f.url)) files.push(f);
  }
  return { ...first, files };
}

const sha = (file: string, algorithm: 'sha256' | 'sha512', encoding: 'hex' | 'base64') =>
  crypto.createHash(algorithm).update(fs.readFileSync(file)).digest(encoding);

/** Gathers, checks and writes the release's files into `out`; returns the SHA256SUMS text. */
export function prepareReleaseFiles(artifacts: string, out: string, version: string): string {
  const found = new Map<string, string[]>();
  for (const rel of fs.readdirSync(artifacts, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(artifacts, rel);
    if (!fs.statSync(full).isFile()) continue;
    const name = path.basename(rel);
    found.set(name, [...(found.get(name) ?? []), full]);
  }
  const spaced = [...found.keys()].filter((n) => /\s/.test(n));
  if (spaced.length > 0)
    throw new ReleaseFilesError(`File names with spaces (GitHub renames them, the update metadata would not match): ${spaced.join(', ')}.`);

  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const [name, copies] of found) {
    if (/^latest(-[a-z]+)?\.yml$/.test(name)) {
      const merged = mergeUpdateInfo(
        copies.map((c) => parseInfo(fs.readFileSync(c, 'utf8'), c)),
        name,
      );
      if (merged.version !== version) throw new ReleaseFilesError(`${name} is for version ${merged.version}, not ${version}.`);
      fs.writeFileSync(path.join(out, name), yaml.dump(merged, { lineWidth: -1 }));
      continue;
    }
    const digests = new Set(copies.map((c) => sha(c, 'sha256', 'hex')));
    if (digests.size > 1) throw new ReleaseFilesError(`Two different files are named ${name} (${copies.join(', ')}).`);
    fs.copyFileSync(copies[0]!, path.join(out, name));
  }

  const names = fs.readdirSync(out).sort();
  const missing = REQUIRED.filter((r) => !names.some((n) => r.test.test(n))).map((r) => r.what);
  if (missing.length > 0) throw new ReleaseFilesError(`The release lacks ${missing.join(', ')}.`);
  for (const n of names.filter((x) => !/\.(yml|blockmap)$/.test(x)))
    if (!n.includes(`-${version}-`)) throw new ReleaseFilesError(`${n} does not carry the version ${version}.`);

  // Each file the updater would download is the file uploaded: same sha512 (base64, as electron-updater checks) and size.
  for (const meta of names.filter((n) => n.endsWith('.yml'))) {
    const info = parseInfo(fs.readFileSync(path.join(out, meta), 'utf8'), meta);
    for (const f of info.files) {
      const file = path.join(out, f.url);
      if (!fs.existsSync(file)) throw new ReleaseFilesError(`${meta} names ${f.url}, which is not among the release's files.`);
      if (sha(file, 'sha512', 'base64') !== f.sha512) throw new ReleaseFilesError(`${meta}: the sha512 of ${f.url} is not the one the metadata gives.`);
      if (fs.statSync(file).size !== f.size) throw new ReleaseFilesError(`${meta}: ${f.url} is ${fs.statSync(file).size} bytes, the metadata says ${f.size}.`);
    }
  }

  const sums = names.map((n) => `${sha(path.join(out, n), 'sha256', 'hex')}  ${n}`).join('\n') + '\n';
  fs.writeFileSync(path.join(out, 'SHA256SUMS'), sums);
  return sums;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [artifacts, out, version] = process.argv.slice(2);
  try {
    if (!artifacts || !out || !version) throw new ReleaseFilesError('Usage: release-files.ts <artifacts-dir> <out-dir> <version>');
    const sums = prepareReleaseFiles(artifacts, out, version.replace(/^v/, ''));
    console.log(`${out}/: ${sums.trim().split('\n').length} files and SHA256SUMS, every update metadata entry matching its file.`);
    process.stdout.write(sums);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
