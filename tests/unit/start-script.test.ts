import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadError } from '../../scripts/support/download-error.mjs';

/** `npm start`: --help prints its options without building; a failed Electron download is named in one line. */
const ROOT = path.resolve(import.meta.dirname, '../..');

describe('scripts/start.mjs', () => {
  it('--help prints the options and exits before building', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--help'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm start \[-- options\]/);
    expect(r.stdout).toContain('--help');
    expect(r.stdout).toContain('npm run start:web -- --help');
  });

  it("names the download's error in one line", () => {
    const stderr = [
      'HTTPError: Response code 403 (Forbidden) for https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip',
      '    at Request.<anonymous> (/repo/node_modules/got/source/as-stream.js:23:16)',
    ].join('\n');
    expect(downloadError(stderr, false)).toBe(
      'Response code 403 (Forbidden) for https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip',
    );
    expect(downloadError('RequestError: getaddrinfo ENOTFOUND github.com\n    at x', false)).toBe('getaddrinfo ENOTFOUND github.com');
    expect(downloadError('', true)).toBe('the download did not finish within 2 minutes');
    expect(downloadError(undefined, false)).toBe('unknown error');
  });
});
