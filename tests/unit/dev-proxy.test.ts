// npm run dev's proxy (scripts/support/dev-proxy.mjs): only the dev page's own calls get main's token; anything
// else goes on as it came, so browser mode's guard (SECURITY.md B1) refuses it as it would without the proxy.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { devCallHeaders, parseStartLine } from '../../scripts/support/dev-proxy.mjs';

const DEV = ['http://127.0.0.1:5173', 'http://localhost:5173'];
const target = { origin: 'http://127.0.0.1:40001', port: 40001, token: 'main-token' };

describe('npm run dev proxy', () => {
  it("reads browser mode's start line", () => {
    expect(parseStartLine('Reflect Admin: http://127.0.0.1:40001/#token=abc_DEF-1\n')).toEqual({
      origin: 'http://127.0.0.1:40001',
      port: 40001,
      token: 'abc_DEF-1',
    });
    expect(parseStartLine('Reflect Admin could not start: port in use')).toBeNull();
  });

  it("swaps the dev page's token for main's and presents the target's origin", () => {
    expect(devCallHeaders({ 'x-reflect-token': 'dev', origin: DEV[0], 'sec-fetch-site': 'same-origin' }, DEV, 'dev', target)).toEqual({
      'x-reflect-token': 'main-token',
      origin: target.origin,
    });
    // A same-origin GET carries no Origin: none is added.
    expect(devCallHeaders({ 'x-reflect-token': 'dev' }, DEV, 'dev', target)).toEqual({ 'x-reflect-token': 'main-token' });
  });

  it('passes on unchanged a call without the dev token, from another site or origin, or while main restarts', () => {
    expect(devCallHeaders({}, DEV, 'dev', target)).toBeNull();
    expect(devCallHeaders({ 'x-reflect-token': 'guess' }, DEV, 'dev', target)).toBeNull();
    expect(devCallHeaders({ 'x-reflect-token': 'dev', 'sec-fetch-site': 'cross-site' }, DEV, 'dev', target)).toBeNull();
    expect(devCallHeaders({ 'x-reflect-token': 'dev', origin: 'http://evil.example' }, DEV, 'dev', target)).toBeNull();
    expect(devCallHeaders({ 'x-reflect-token': 'dev' }, DEV, 'dev', null)).toBeNull();
  });
});

describe('npm run dev -- --help', () => {
  it('prints its options and exits without starting anything', () => {
    const run = spawnSync(process.execPath, ['scripts/dev.mjs', '--help'], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run dev/);
    expect(run.stdout).toContain('--dev-port N');
  });
});
