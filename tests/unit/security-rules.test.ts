import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SECURITY.md defines every rule id the code cites ("SECURITY.md D2", "E4 in SECURITY.md"), and each rule names the
 * files that enforce it and the tests that hold it, all of which exist.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const security = fs.readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');

/** The rule rows: | id | rule | enforced in | held by |. */
const rules = [...security.matchAll(/^\| ([A-Z]\d+) \| (.+) \| (.+) \| (.+) \|$/gm)].map((m) => ({ id: m[1]!, enforced: m[3]!, heldBy: m[4]! }));
const defined = new Set(rules.map((r) => r.id));

const ID = '[A-Z]\\d{1,2}';
/** "SECURITY.md D1, D2", "SECURITY.md E8", "E4 in SECURITY.md", "I1 and K3 in SECURITY.md". */
function citedIds(text: string): string[] {
  const ids: string[] = [];
  const after = new RegExp(`SECURITY\\.md,? (${ID}(?:(?:, | and | or )${ID})*)\\b`, 'g');
  const before = new RegExp(`\\b(${ID}(?:(?:, | and | or )${ID})*) (?:in|of) SECURITY\\.md`, 'g');
  for (const re of [after, before]) for (const m of text.matchAll(re)) ids.push(...m[1]!.split(/, | and | or /));
  return ids;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(ts|tsx|mjs|js|cjs|sql|ya?ml)$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe('SECURITY.md and the rule ids the code cites', () => {
  it('reads the citation forms the code uses', () => {
    expect(citedIds('(SECURITY.md D1, D2) and (I1 and K3 in SECURITY.md), SECURITY.md E8: ... (E4 in SECURITY.md)')).toEqual([
      'D1',
      'D2',
      'E8',
      'I1',
      'K3',
      'E4',
    ]);
  });

  it('defines every id cited in main, shared, renderer, preload, scripts, tests and the packaging config', () => {
    expect(defined.size).toBeGreaterThanOrEqual(20);
    const dirs = ['main', 'shared', 'renderer', 'preload', 'scripts', 'tests', '.github'].map((d) => path.join(ROOT, d));
    const files = [...dirs.flatMap(sourceFiles), path.join(ROOT, 'electron-builder.yml'), path.join(ROOT, 'eslint.config.js')];
    const undefinedCitations = files.flatMap((f) =>
      citedIds(fs.readFileSync(f, 'utf8'))
        .filter((id) => !defined.has(id))
        .map((id) => `${path.relative(ROOT, f)} cites ${id}`),
    );
    expect(undefinedCitations).toEqual([]);
  });

  it('each rule names where it is enforced and the tests that hold it, and they exist', () => {
    const missing: string[] = [];
    for (const r of rules) {
      const tests = [...r.heldBy.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      if (!tests.some((t) => t.startsWith('tests/'))) missing.push(`${r.id} names no test`);
      const enforced = [...r.enforced.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((p) => /\.(ts|yml|json)$/.test(p));
      if (enforced.length === 0) missing.push(`${r.id} names no file that enforces it`);
      for (const p of [...tests, ...enforced]) if (!fs.existsSync(path.join(ROOT, p))) missing.push(`${r.id}: ${p} does not exist`);
    }
    expect(missing).toEqual([]);
  });

  it('says how to report a vulnerability privately', () => {
    expect(security).toMatch(/## Reporting a vulnerability[\s\S]*Do not open a public issue/);
  });
});
