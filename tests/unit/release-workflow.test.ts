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
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  'runs-on': string;
  permissions?: Record<string, string>;
  strategy?: { matrix: { include: { os: string; targets?: string; platforms?: string }[] } };
  steps: Step[];
  env?: Record<string, string>;
}
interface Workflow {
  on: {
    push?: { tags: string[] };
    pull_request?: unknown;
    workflow_dispatch?: { inputs?: Record<string, { type: string; options?: string[]; default?: string }> };
  };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, '.github', 'workflows', file), 'utf8');
const text = read('release.yml');
const workflow = yaml.load(text) as Workflow;
const runsOf = (job: Job) => job.steps.map((s) => s.run ?? '').join('\n');

/** Needles that must appear in this order among a job's run lines. */
function expectInOrder(job: Job, order: string[]): void {
  const runs = runsOf(job);
  const at = order.map((needle) => runs.indexOf(needle));
  expect(
    at.every((i) => i >= 0),
    `missing: ${order.filter((_, i) => at[i]! < 0).join(', ')}`,
  ).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
}

/** The secrets docs/releasing.md documents; the workflow may use no other. */
const DOCUMENTED_SECRETS = [
  'MAC_CSC_LINK',
  'MAC_CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'AZURE_TRUSTED_SIGNING_ENDPOINT',
  'AZURE_TRUSTED_SIGNING_ACCOUNT',
  'AZURE_TRUSTED_SIGNING_PROFILE',
  'AZURE_TRUSTED_SIGNING_PUBLISHER',
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_ID',
  'AZURE_CLIENT_SECRET',
];

describe('the release workflow (.github/workflows/release.yml)', () => {
  it('runs on a version tag, or by hand as one of two tasks: the installers or the PostgREST pin', () => {
    expect(workflow.on.push).toEqual({ tags: ['v*.*.*'] });
    expect(workflow.on.workflow_dispatch?.inputs?.task).toMatchObject({ type: 'choice', options: ['installers', 'pin-postgrest'], default: 'installers' });
    expect(Object.keys(workflow.jobs)).toEqual(['pin-check', 'pin-pull-request', 'installers', 'draft-release']);
    expect(workflow.jobs['pin-check']!.if).toBe("github.event_name == 'workflow_dispatch' && inputs.task == 'pin-postgrest'");
    expect(workflow.jobs['pin-pull-request']!.needs).toBe('pin-check');
    expect(workflow.jobs.installers!.if).toBe("github.event_name == 'push' || inputs.task == 'installers'");
    expect(workflow.jobs['draft-release']!.needs).toBe('installers');
    expect(workflow.jobs['draft-release']!.if).toBe("startsWith(github.ref, 'refs/tags/')");
  });

  it('reads the repository only, but for the two jobs that write: the pull request and the draft release', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(workflow.jobs['pin-pull-request']!.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' });
    expect(workflow.jobs['draft-release']!.permissions).toEqual({ contents: 'write' });
    for (const name of ['pin-check', 'installers']) expect(workflow.jobs[name]!.permissions).toBeUndefined();
  });

  it('checks the PostgREST archives on a runner of each platform (macOS with Rosetta 2), then opens a pull request', () => {
    const check = workflow.jobs['pin-check']!;
    expect(check.strategy!.matrix.include.map((m) => [m.os, m.platforms])).toEqual([
      ['ubuntu-latest', 'linux-x64'],
      ['windows-latest', 'win32-x64'],
      ['macos-latest', 'darwin-x64,darwin-arm64'],
    ]);
    expectInOrder(check, [
      'npm ci --ignore-scripts',
      'softwareupdate --install-rosetta',
      'pin-postgrest.ts version',
      'gh api "repos/PostgREST/postgrest/releases/tags/$version"',
      'pin-postgrest.ts plan',
      'gh release download',
      'pin-postgrest.ts check',
    ]);
    expect(check.steps.at(-1)?.uses).toMatch(/^actions\/upload-artifact@/);
    expectInOrder(workflow.jobs['pin-pull-request']!, ['pin-postgrest.ts write', 'git add packaging/postgrest-checksums.json', 'git push', 'gh pr create']);
  });

  it('builds Linux, Windows and both macOS architectures natively, each with the zip the updater needs', () => {
    expect(workflow.jobs.installers!.strategy!.matrix.include.map((m) => [m.os, m.targets])).toEqual([
      ['ubuntu-latest', '--linux AppImage deb'],
      ['windows-latest', '--win nsis'],
      ['macos-latest', '--mac dmg zip --arm64'],
      ['macos-15-intel', '--mac dmg zip --x64'],
    ]);
  });

  it('tests, fetches and verifies PostgREST, packages, then checks fuses and files, in that order', () => {
    const job = workflow.jobs.installers!;
    expectInOrder(job, [
      'npm ci',
      'xvfb-run -a npm test',
      'npx vitest run --project electron',
      'fetch-postgrest.ts',
      'signing-args.ts',
      'npm run dist',
      'check-fuses.ts release',
      'check-asar.ts release',
    ]);
    expect(runsOf(job)).toContain('--publish never');
    expect(job.env?.REFLECT_ELECTRON_E2E).toBe('required');
    const upload = job.steps.at(-1)!;
    expect(upload.uses).toMatch(/^actions\/upload-artifact@/);
    for (const f of ['*.exe', '*.dmg', '*.zip', '*.AppImage', '*.deb', '*.blockmap', 'latest*.yml'])
      expect(String(upload.with?.path)).toContain(`release/${f}`);
  });

  it('publishes a tag to a draft release only after the release files are checked together', () => {
    const job = workflow.jobs['draft-release']!;
    expectInOrder(job, ['npm ci --ignore-scripts', 'release-files.ts build/artifacts build/release "$GITHUB_REF_NAME"', 'gh release create']);
    expect(runsOf(job)).toMatch(/gh release create "\$GITHUB_REF_NAME" build\/release\/\* --draft --verify-tag/);
    expect(runsOf(job)).toContain('is already published');
    expect(job.steps.find((s) => s.uses?.startsWith('actions/download-artifact@'))?.with).toEqual({ pattern: 'reflect-admin-*', path: 'build/artifacts' });
  });

  it('runs only scripts that exist', () => {
    const scripts = new Set([...text.matchAll(/scripts\/packaging\/[a-z-]+\.ts/g)].map((m) => m[0]));
    expect(scripts.size).toBeGreaterThanOrEqual(6);
    for (const s of scripts) expect(fs.existsSync(path.join(ROOT, s)), s).toBe(true);
  });

  it('uses no secret but the documented ones, and none in a run line', () => {
    const used = new Set([...text.matchAll(/secrets\.([A-Z_]+)/g)].map((m) => m[1]));
    expect([...used].filter((s) => !DOCUMENTED_SECRETS.includes(s!))).toEqual([]);
    for (const job of Object.values(workflow.jobs)) expect(job.steps.some((s) => /secrets\./.test(s.run ?? ''))).toBe(false);
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'releasing.md'), 'utf8');
    for (const s of used) expect(doc, `docs/releasing.md names ${s}`).toContain(`\`${s}\``);
  });
});

describe('the CI workflow (.github/workflows/ci.yml)', () => {
  const ci = yaml.load(read('ci.yml')) as Workflow;

  it("runs the README's test command, as on a clean clone, on every push and pull request", () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const job = ci.jobs.test!;
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'node-version-file': '.nvmrc' });
    expect(runsOf(job)).toContain('xvfb-run -a .ci/run');
    expect(fs.readFileSync(path.join(ROOT, '.ci', 'run'), 'utf8')).toMatch(/npm ci[^\n]*\nnpm test\n/);
  });
});
