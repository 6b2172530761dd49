import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_USAGE, wantsHelp } from '../../main/web/usage.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run start:web -- --help`: browser mode prints its options and starts nothing. */
describe('browser mode --help', () => {
  it('names every option the command line parses', async () => {
    const source = (await import('node:fs')).readFileSync(path.join(ROOT, 'main/web/cli.ts'), 'utf8');
    const block = source.slice(source.indexOf('options: {'), source.indexOf('strict: true'));
    const parsed = [...block.matchAll(/^\s+'?([a-z-]+)'?: \{ type:/gm)].map((m) => m[1]);
    expect(parsed.length).toBeGreaterThan(4);
    for (const option of parsed) expect(WEB_USAGE).toContain(`--${option}`);
    expect(wantsHelp(['--port', '1', '--help'])).toBe(true);
    expect(wantsHelp(['-h'])).toBe(true);
    expect(wantsHelp(['--port', '1'])).toBe(false);
  });

  it('prints them and exits 0 without starting a backend or a server', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'main/web/cli.ts'), '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(WEB_USAGE);
    expect(r.stdout).not.toContain('Reflect Admin: http');
  });
});
