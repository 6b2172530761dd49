// Electronegativity (Doyensec's Electron security scanner) over main, preload and renderer, as part of
// `npm test`: any finding not reviewed and explained in electronegativity.config.json fails the suite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Finding {
  readonly id: string;
  readonly file: string;
  readonly location: { line: number; column: number };
  readonly sample?: string;
}
interface Accepted {
  readonly check: string;
  readonly file: string;
  readonly reason: string;
}
type Run = (options: Record<string, unknown>) => Promise<{ issues: Finding[]; errors: unknown[] }>;

describe('Electronegativity finds nothing that has not been reviewed', () => {
  it('scans main, preload and renderer; every finding is accepted in electronegativity.config.json with a reason', { timeout: 180_000 }, async () => {
    const run = require('@doyensec/electronegativity') as Run;
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'electronegativity.config.json'), 'utf8')) as { accepted: Accepted[] };
    for (const a of config.accepted) expect(a.reason.length, `${a.check} ${a.file}`).toBeGreaterThan(40);
    // One scan over the three folders together, so global checks (CSP, permission handler, navigation limits)
    // see main's handlers whichever folder they are in.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-electronegativity-'));
    try {
      for (const d of ['main', 'preload', 'renderer']) fs.cpSync(path.join(ROOT, d), path.join(dir, d), { recursive: true });
      const electronVersion = (require('electron/package.json') as { version: string }).version;
      const { issues, errors } = await run({ input: dir, isRelative: true, electronVersionOverride: electronVersion });
      expect(errors).toEqual([]);
      const isAccepted = (f: Finding) => config.accepted.some((a) => a.check === f.id && a.file === f.file);
      const unexplained = issues.filter((f) => !isAccepted(f)).map((f) => `${f.id} ${f.file}:${f.location.line}:${f.location.column} ${f.sample ?? ''}`);
      expect(unexplained).toEqual([]);
      const stale = config.accepted.filter((a) => !issues.some((f) => f.id === a.check && f.file === a.file)).map((a) => `${a.check} ${a.file}`);
      expect(stale).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
