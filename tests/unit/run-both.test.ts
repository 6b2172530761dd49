// npm test's checks run two at a time through scripts/run-both.mjs: every command runs even after one fails, each
// one's output comes out whole, and the run fails with the failing command's code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/run-both.mjs');
const node = (cmd: string) => `"${process.execPath}" -e "${cmd}"`;

describe('scripts/run-both.mjs', () => {
  it('runs every command, prints each whole, and exits with the failure', () => {
    const r = spawnSync(
      process.execPath,
      [SCRIPT, node("process.stdout.write('a1\\\\n'); setTimeout(() => console.log('a2'), 300)"), node('process.exit(3)'), node("console.log('c')")],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/a1\na2\n/);
    expect(r.stdout).toMatch(/\nc\n/);
    expect(r.stdout.match(/: done in \d+ s/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/: failed \(exit 3\) in \d+ s/);
  });

  it('succeeds when every command does', () => {
    const r = spawnSync(process.execPath, [SCRIPT, node('0'), node('0'), node('0')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
  });
});
