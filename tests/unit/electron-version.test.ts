import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Electron supports the latest three stable majors; 45 is current as of late 2026. */
const OLDEST_SUPPORTED_MAJOR = 43;

// E6: a supported Electron major.
describe('installed Electron (E6)', () => {
  it(`is major ${OLDEST_SUPPORTED_MAJOR} or newer`, () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve('node_modules/electron/package.json'), 'utf8')) as { version: string };
    const major = Number(pkg.version.split('.')[0]);
    expect(Number.isInteger(major)).toBe(true);
    expect(major).toBeGreaterThanOrEqual(OLDEST_SUPPORTED_MAJOR);
  });

  it('is what package.json asks for', () => {
    const app = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    const wanted = app.devDependencies?.electron ?? '';
    expect(Number(/\d+/.exec(wanted)?.[0])).toBeGreaterThanOrEqual(OLDEST_SUPPORTED_MAJOR);
  });
});
