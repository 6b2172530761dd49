import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * package.json's engines say what the tools really need, and .nvmrc names a Node that meets them: on the lowest
 * version engines allows, no package of the lock file asks for another (npm ci prints no engine warning).
 */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(v: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[]; cpu?: string[] }>;
};

/** Every installed package's node range (platform packages for another OS or CPU are never installed). */
function unmet(version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
    .filter(([, p]) => !(p.os && !p.os.includes(process.platform)) && !(p.cpu && !p.cpu.includes(process.arch)))
    .filter(([, p]) => !semver.satisfies(version, (p.engines as { node: string }).node))
    .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants ${(p.engines as { node: string }).node}`);
}

describe('the Node version the project needs', () => {
  const lowest = semver.minVersion(pkg.engines.node)!.version;

  it('engines starts where vite, eslint and Electron’s installer do', () => {
    expect(pkg.engines.node).toBe('^22.13.0 || >=24');
    expect(lowest).toBe('22.13.0');
    expect(unmet(lowest)).toEqual([]);
    expect(unmet('24.0.0')).toEqual([]);
  });

  it('.nvmrc names a version engines allows', () => {
    const nvmrc = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(nvmrc).toMatch(/^\d+(\.\d+){0,2}$/);
    const full = nvmrc.split('.').length === 1 ? `${nvmrc}.99.0` : nvmrc.split('.').length === 2 ? `${nvmrc}.0` : nvmrc;
    expect(semver.satisfies(full, pkg.engines.node)).toBe(true);
  });

  it('the README says so', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('Node.js 22.13 or later');
    expect(readme).toMatch(/vite and\s+eslint need Node 20\.19 or later/);
  });
});
