import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBuilderConfig } from '../../scripts/packaging/builder-config.js';
import { compareFuses, expectedFuses, fuseName, parseFuseRead } from '../../scripts/packaging/fuses.js';
import { packagedApps } from '../../scripts/packaging/packaged-apps.js';

/** What `npx @electron/fuses read --app <binary>` prints (v1.8), colours included, for a binary packed as configured. */
const READ_AS_CONFIGURED = [
  'Analyzing app: \u001b[36mreflect-admin\u001b[39m',
  'Fuse Version: \u001b[36mv1\u001b[39m',
  '  \u001b[33mRunAsNode\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableCookieEncryption\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mEnableNodeOptionsEnvironmentVariable\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableNodeCliInspectArguments\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mEnableEmbeddedAsarIntegrityValidation\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mOnlyLoadAppFromAsar\u001b[39m is \u001b[32mEnabled\u001b[39m',
  '  \u001b[33mLoadBrowserProcessSpecificV8Snapshot\u001b[39m is \u001b[31mDisabled\u001b[39m',
  '  \u001b[33mGrantFileProtocolExtraPrivileges\u001b[39m is \u001b[31mDisabled\u001b[39m',
  // a fuse newer than the @electron/fuses release prints with no name
  '  \u001b[33mundefined\u001b[39m is \u001b[32mEnabled\u001b[39m',
].join('\n');

const config = readBuilderConfig(path.resolve(import.meta.dirname, '../../electron-builder.yml'));
const expected = expectedFuses(config.electronFuses);

describe("the packaged binary's fuses against electron-builder.yml (E8)", () => {
  it('reads the fuses electron-builder.yml sets, by their @electron/fuses names', () => {
    expect(fuseName('runAsNode')).toBe('RunAsNode');
    expect([...expected.keys()].sort()).toEqual(
      [
        'EnableCookieEncryption',
        'EnableEmbeddedAsarIntegrityValidation',
        'EnableNodeCliInspectArguments',
        'EnableNodeOptionsEnvironmentVariable',
        'GrantFileProtocolExtraPrivileges',
        'OnlyLoadAppFromAsar',
        'RunAsNode',
      ].sort(),
    );
    expect(expectedFuses({ runAsNode: false, resetAdHocDarwinSignature: true }).size).toBe(1);
    expect(() => expectedFuses({ runAsNode: 'off' })).toThrow(/electronFuses\.runAsNode must be true or false/);
  });

  it('passes a binary packed as configured', () => {
    const read = parseFuseRead(READ_AS_CONFIGURED);
    expect(read.get('RunAsNode')).toBe('Disabled');
    expect(read.get('OnlyLoadAppFromAsar')).toBe('Enabled');
    expect(compareFuses(expected, read)).toEqual([]);
  });

  it('fails a binary whose fuses were never flipped, naming each difference', () => {
    const unflipped = READ_AS_CONFIGURED.replace(/RunAsNode(\S*) is (\S*)Disabled/, 'RunAsNode$1 is $2Enabled').replace(
      /OnlyLoadAppFromAsar(\S*) is (\S*)Enabled/,
      'OnlyLoadAppFromAsar$1 is $2Inherited',
    );
    expect(compareFuses(expected, parseFuseRead(unflipped))).toEqual([
      'RunAsNode: electron-builder.yml wants Disabled, the packaged binary has Enabled.',
      'OnlyLoadAppFromAsar: electron-builder.yml wants Enabled, the packaged binary has Inherited.',
    ]);
  });

  it('fails when a fuse is missing from the output, or nothing could be read', () => {
    const without = READ_AS_CONFIGURED.split('\n')
      .filter((l) => !l.includes('GrantFileProtocolExtraPrivileges'))
      .join('\n');
    expect(compareFuses(expected, parseFuseRead(without))).toEqual([
      'GrantFileProtocolExtraPrivileges: electron-builder.yml wants Disabled, the packaged binary has no such fuse.',
    ]);
    expect(compareFuses(expected, parseFuseRead('Error: Could not find a fuse V1 sentinel'))).toEqual([
      'No fuse could be read from the packaged binary (is it an Electron binary?).',
    ]);
    expect(compareFuses(new Map(), parseFuseRead(READ_AS_CONFIGURED))).toHaveLength(1);
  });
});

describe('the packaged apps electron-builder leaves in release/', () => {
  it('finds the Linux, Windows and macOS layouts, and nothing else', () => {
    const apps = packagedApps(
      'release',
      ['linux-unpacked', 'win-unpacked', 'mac-arm64', 'mac', 'builder-debug.yml', 'Reflect Admin-0.1.0.AppImage', 'linux-arm64-unpacked'],
      config,
    );
    expect(apps.map((a) => [a.target, a.binary, a.resources])).toEqual([
      ['linux-arm64-unpacked', path.join('release', 'linux-arm64-unpacked', 'reflect-admin'), path.join('release', 'linux-arm64-unpacked', 'resources')],
      ['linux-unpacked', path.join('release', 'linux-unpacked', 'reflect-admin'), path.join('release', 'linux-unpacked', 'resources')],
      ['mac', path.join('release', 'mac', 'Reflect Admin.app'), path.join('release', 'mac', 'Reflect Admin.app', 'Contents', 'Resources')],
      ['mac-arm64', path.join('release', 'mac-arm64', 'Reflect Admin.app'), path.join('release', 'mac-arm64', 'Reflect Admin.app', 'Contents', 'Resources')],
      ['win-unpacked', path.join('release', 'win-unpacked', 'Reflect Admin.exe'), path.join('release', 'win-unpacked', 'resources')],
    ]);
  });
});
