import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** electron-builder.yml's release settings: file names without spaces, the update channel, signing left to the workflow. */
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const ROOT = path.resolve(import.meta.dirname, '../..');
const config = yaml.load(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as {
  artifactName?: string;
  publish?: { provider?: string; releaseType?: string; owner?: string; repo?: string };
  win?: Record<string, unknown>;
  nsis?: Record<string, unknown>;
  mac?: Record<string, unknown>;
  linux?: Record<string, unknown>;
};

/** electron-builder's macros as it expands them for each target (getArtifactArchName: AppImage x86_64, deb amd64). */
function expand(pattern: string, os: string, arch: string, ext: string): string {
  return pattern.replace('${version}', '1.2.3').replace('${os}', os).replace('${arch}', arch).replace('${ext}', ext).replace('${productName}', 'Reflect Admin');
}

describe('electron-builder.yml for releases', () => {
  it('names every file without a space, and no target overrides the name', () => {
    const pattern = config.artifactName ?? '';
    const names = [
      expand(pattern, 'win', 'x64', 'exe'),
      expand(pattern, 'mac', 'arm64', 'dmg'),
      expand(pattern, 'mac', 'x64', 'zip'),
      expand(pattern, 'linux', 'x86_64', 'AppImage'),
      expand(pattern, 'linux', 'amd64', 'deb'),
    ];
    expect(names).toEqual([
      'Reflect-Admin-1.2.3-win-x64.exe',
      'Reflect-Admin-1.2.3-mac-arm64.dmg',
      'Reflect-Admin-1.2.3-mac-x64.zip',
      'Reflect-Admin-1.2.3-linux-x86_64.AppImage',
      'Reflect-Admin-1.2.3-linux-amd64.deb',
    ]);
    for (const section of [config.win, config.nsis, config.mac, config.linux]) expect(section?.artifactName).toBeUndefined();
  });

  it('names the update channel: GitHub Releases, as drafts until a maintainer publishes', () => {
    expect(config.publish).toEqual({ provider: 'github', releaseType: 'draft' });
  });

  it('leaves Azure Trusted Signing to the workflow (set here, every build would need Azure)', () => {
    expect(config.win?.azureSignOptions).toBeUndefined();
  });
});
