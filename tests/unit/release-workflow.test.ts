import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// js-yaml comes with electron-builder (not a direct dependency of ours).
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { strategy: { matrix: { include: { os: string; targets: string }[] } }; steps: Step[]; env?: Record<string, string> }>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const text = fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
const workflow = yaml.load(text) as Workflow;
const job = workflow.jobs.installers!;
const runs = job.steps.map((s) => s.run ?? '').join('\n');

/** The signing secrets docs/releasing.md documents; the workflow may use no other. */
const DOCUMENTED_SECRETS = [
  'MAC_CSC_LINK',
  'MAC_CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
];

describe('the release workflow (.github/workflows/release.yml)', () => {
  it('builds on Linux, Windows and macOS the installers electron-builder.yml names', () => {
    expect(job.strategy.matrix.include.map((m) => [m.os, m.targets])).toEqual([
      ['ubuntu-latest', '--linux AppImage deb'],
      ['windows-latest', '--win nsis'],
      ['macos-latest', '--mac dmg'],
    ]);
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('tests, fetches and verifies PostgREST, packages, then checks fuses and files, in that order', () => {
    const order = [
      'npm ci',
      'xvfb-run -a npm test',
      'npx vitest run --project electron',
      'fetch-postgrest.ts',
      'npm run dist',
      'check-fuses.ts release',
      'check-asar.ts release',
    ];
    const at = order.map((needle) => runs.indexOf(needle));
    expect(
      at.every((i) => i >= 0),
      `missing: ${order.filter((_, i) => at[i]! < 0).join(', ')}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(job.env?.REFLECT_ELECTRON_E2E).toBe('required');
    expect(job.steps.at(-1)?.uses).toMatch(/^actions\/upload-artifact@/);
  });

  it('uses no secret but the documented signing secrets, and none in a run line', () => {
    const used = new Set([...text.matchAll(/secrets\.([A-Z_]+)/g)].map((m) => m[1]));
    expect([...used].filter((s) => !DOCUMENTED_SECRETS.includes(s!))).toEqual([]);
    expect(job.steps.some((s) => /secrets\./.test(s.run ?? ''))).toBe(false);
    const readme = fs.readFileSync(path.join(ROOT, 'docs', 'releasing.md'), 'utf8');
    for (const s of used) expect(readme, `docs/releasing.md names ${s}`).toContain(`\`${s}\``);
  });
});
