import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unpack } from './archive.js';
import { assertUsableDigest, ChecksumError, parseChecksumList, sha256OfFile, type ChecksumList } from './checksums.js';

/**
 * Pinning a PostgREST release (SECURITY.md R1) without copying a digest by hand: from the release's own asset list,
 * pick each platform's archive, check each download is that archive (its name is on the list, the release's published
 * digest agrees when it has one, it unpacks to a postgrest binary, and the binary prints the pinned version wherever
 * the runner can run it), then write packaging/postgrest-checksums.json from what the runners computed.
 * scripts/packaging/pin-postgrest.ts is the command line; tests/unit/release-pin-postgrest.test.ts holds it.
 */
export const PLATFORMS = ['linux-x64', 'win32-x64', 'darwin-x64', 'darwin-arm64'] as const;
export type PlatformKey = (typeof PLATFORMS)[number];

/** How PostgREST names its archives (v12: linux-static-x64, windows-x64, macos-x64; later also macos-aarch64). */
const ASSET_PATTERNS: Record<PlatformKey, RegExp> = {
  'linux-x64': /-linux-static-x(?:86-)?64\.tar\.xz$/,
  'win32-x64': /-windows-x(?:86-)?64\.zip$/,
  'darwin-x64': /-macos-x(?:86-)?64\.tar\.xz$/,
  'darwin-arm64': /-macos-(?:aarch64|arm64)\.tar\.xz$/,
};

const ROSETTA_NOTE = 'This PostgREST release publishes no Apple-silicon build: the x64 binary runs under Rosetta 2.';

export interface ReleaseAsset {
  readonly name: string;
  /** GitHub's published digest of the asset ("sha256:<hex>"), where the release has one. */
  readonly digest?: string | null;
}
export interface Release {
  readonly tag_name: string;
  readonly assets: readonly ReleaseAsset[];
}
export interface PlannedAsset {
  readonly file: string;
  readonly note?: string;
}
export type Plan = Record<PlatformKey, PlannedAsset>;

/** What one runner found for one platform's archive. */
export interface Fragment {
  readonly version: string;
  readonly key: PlatformKey;
  readonly file: string;
  readonly sha256: string;
  /** What `postgrest --version` printed, or null where this runner cannot run the binary. */
  readonly ran: string | null;
  readonly host: string;
}

export function parseRelease(text: string, source = 'the release'): Release {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ChecksumError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
  const r = raw as Partial<Release>;
  if (typeof r.tag_name !== 'string' || !Array.isArray(r.assets) || r.assets.some((a) => typeof a?.name !== 'string'))
    throw new ChecksumError(`${source} is not a GitHub release (it needs tag_name and assets[].name).`);
  return r as Release;
}

export function isPlatformKey(key: string): key is PlatformKey {
  return (PLATFORMS as readonly string[]).includes(key);
}

/** Each platform's archive, chosen from the release's asset list; refuses a missing or ambiguous one. */
export function planAssets(release: Release, version: string): Plan {
  if (release.tag_name !== version) throw new ChecksumError(`The release is ${release.tag_name}, not the pinned ${version}.`);
  const names = release.assets.map((a) => a.name);
  const pick = (key: PlatformKey): string | undefined => {
    const found = names.filter((n) => n.includes(version) && ASSET_PATTERNS[key].test(n));
    if (found.length > 1)
      throw new ChecksumError(`PostgREST ${version} has several ${key} archives (${found.join(', ')}): narrow its pattern in scripts/packaging/pin.ts.`);
    return found[0];
  };
  const plan: Partial<Record<PlatformKey, PlannedAsset>> = {};
  for (const key of PLATFORMS) {
    const file = pick(key);
    if (file) plan[key] = { file };
  }
  if (!plan['darwin-arm64'] && plan['darwin-x64']) plan['darwin-arm64'] = { file: plan['darwin-x64'].file, note: ROSETTA_NOTE };
  const missing = PLATFORMS.filter((k) => !plan[k]);
  if (missing.length > 0)
    throw new ChecksumError(`PostgREST ${version} publishes no archive for ${missing.join(', ')} (its assets: ${names.join(', ') || 'none'}).`);
  return plan as Plan;
}

/** Where a runner can run a platform's binary: its own platform; on Apple silicon also the x64 macOS build (Rosetta 2). */
export function canRun(key: PlatformKey, host: string): boolean {
  return key === host || (host === 'darwin-arm64' && key.startsWith('darwin-'));
}

export interface CheckOptions {
  readonly version: string;
  readonly key: PlatformKey;
  readonly archive: string;
  readonly release: Release;
  readonly host: string;
}

/** Checks one downloaded archive is the release's archive for the platform, and returns what it found. */
export async function checkArchive(o: CheckOptions): Promise<Fragment> {
  const planned = planAssets(o.release, o.version)[o.key];
  const name = path.basename(o.archive);
  if (name !== planned.file) throw new ChecksumError(`${name} is not ${o.version}'s ${o.key} archive (${planned.file}).`);
  if (!fs.existsSync(o.archive)) throw new ChecksumError(`${o.archive} does not exist: download ${planned.file} first.`);
  const sha256 = await sha256OfFile(o.archive);
  const published = o.release.assets.find((a) => a.name === name)?.digest;
  if (published && published.startsWith('sha256:') && published.slice(7).toLowerCase() !== sha256)
    throw new ChecksumError(`${name}: the download's sha256 ${sha256} differs from the digest the release publishes (${published.slice(7)}). Refused.`);

  const exe = o.key.startsWith('win32-') ? 'postgrest.exe' : 'postgrest';
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pin-postgrest-'));
  try {
    const top = unpack(o.archive, tmp);
    if (!top.includes(exe))
      throw new ChecksumError(`${name} holds no ${exe} at its top level (found: ${top.join(', ') || 'nothing'}): it is not a PostgREST ${o.key} archive.`);
    let ran: string | null = null;
    if (canRun(o.key, o.host)) {
      const bin = path.join(tmp, exe);
      if (exe === 'postgrest') fs.chmodSync(bin, 0o755);
      let printed: string;
      try {
        printed = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
      } catch (e) {
        throw new ChecksumError(`${name}: ${exe} --version does not run on ${o.host}: ${((e as Error).message.split('\n')[0] ?? '').trim()}`);
      }
      if (!printed.includes(o.version.slice(1))) throw new ChecksumError(`${name}: ${exe} --version printed "${printed}", not PostgREST ${o.version}.`);
      ran = printed;
    }
    return { version: o.version, key: o.key, file: name, sha256, ran, host: o.host };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The checksum list from every runner's fragments: each platform checked with its binary run somewhere, the same
 * archive with the same digest wherever it was checked. Returns the list's JSON text.
 */
export function mergeFragments(release: Release, version: string, fragments: readonly Fragment[], previous: ChecksumList | undefined, about: string): string {
  const plan = planAssets(release, version);
  const digests = new Map<string, Set<string>>();
  for (const f of fragments) {
    if (f.version !== version) throw new ChecksumError(`A check of ${f.file} on ${f.host} was for ${f.version}, not ${version}.`);
    if (f.file !== plan[f.key].file)
      throw new ChecksumError(`${f.host} checked ${f.file} for ${f.key}; the release's ${f.key} archive is ${plan[f.key].file}.`);
    (digests.get(f.file) ?? digests.set(f.file, new Set()).get(f.file)!).add(f.sha256);
  }
  for (const [file, set] of digests)
    if (set.size > 1) throw new ChecksumError(`${file} was downloaded with different digests on different runners (${[...set].join(', ')}): refused.`);
  const assets: Record<string, { file: string; sha256: string; note?: string }> = {};
  for (const key of PLATFORMS) {
    const checked = fragments.filter((f) => f.key === key);
    if (checked.length === 0) throw new ChecksumError(`No runner checked the ${key} archive (${plan[key].file}).`);
    if (!checked.some((f) => f.ran !== null))
      throw new ChecksumError(`The ${key} binary (${plan[key].file}) was not run on any runner: check it on a runner that can run it.`);
    const note = plan[key].note;
    assets[key] = { file: plan[key].file, sha256: checked[0]!.sha256, ...(note ? { note } : {}) };
  }
  const text = `${JSON.stringify({ about, version, baseUrl: previous?.baseUrl ?? 'https://github.com/PostgREST/postgrest/releases/download', assets }, null, 2)}\n`;
  const list = parseChecksumList(text);
  for (const [key, entry] of Object.entries(list.assets)) assertUsableDigest(entry, key);
  return text;
}

/** The pull request's body: what was checked where, for the reviewer. */
export function pullRequestBody(version: string, fragments: readonly Fragment[]): string {
  const rows = fragments.map((f) => `| ${f.key} | \`${f.file}\` | \`${f.sha256}\` | ${f.host} | ${f.ran ? `\`${f.ran}\`` : 'not run here'} |`);
  return [
    `Pins PostgREST ${version}: the sha256 of each release archive, computed on GitHub's runners by the release workflow's pin job.`,
    '',
    '| platform | archive | sha256 | checked on | `postgrest --version` |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Each archive's name is on the release's asset list, each unpacks to the postgrest binary, and each binary printed ${version} on a runner that runs it.`,
    `Review: the version, and (optional) compare a digest with the release page, https://github.com/PostgREST/postgrest/releases/tag/${version}.`,
  ].join('\n');
}
