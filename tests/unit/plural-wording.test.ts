// Plurals right everywhere (issue 27 part 1: "1 day", "1 e-mail queued"): every count shown with a noun goes through
// the one plural rule (shared/rules/common/plural.ts, or formatCounted in the format module). This scan reads the
// screens, shared rules and main's services for a count written straight before a plural noun, or "(s)".
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { counted, plural } from '../../shared/rules/common/plural.js';
import { formatCounted } from '../../shared/rules/common/format.js';
import { USER_EXPORT_MESSAGES } from '../../shared/rules/users/csv.js';

const root = path.resolve(__dirname, '../..');
const DIRS = ['renderer', 'shared', 'main/services', 'main/api', 'main/app'];

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? sources(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Nouns counted somewhere in the app; a count written straight before one of them skips the plural rule. */
const NOUNS =
  'items|entries|users|days|hours|minutes|seconds|weeks|months|years|records|rows|steps|calls|sessions|messages|emails|e-mails|characters|campaigns|coaches|parts|bytes|files|versions|tags|tokens|visits|conversions|templates|links|flags|banners|products|results|errors|changes|chunks|words|sources|members|admins|deliveries|imports|jobs|goals|blocks|points|levels|people|times|questions|answers|inquiries|images';
/** `${n} days`, `{n} days` in JSX, or a literal 1 before a plural noun ("1 days"). */
const COUNT_BEFORE_NOUN = new RegExp(`(?:\\$?\\{([^{}]+)\\}|\\b(1))\\s+(${NOUNS})\\b(?!\\s*=)`, 'g');
/** A constant fixed above one (RECENT_DAYS, TEXT_LIMIT) or a limit's size reads right in the plural; a kind or name is no count. */
const FIXED = (expr: string) => /^[A-Z][A-Z0-9_.]*$/.test(expr) || /max|min|limit|kind|type|name|label|noun/i.test(expr);
/** Text in quotes, or between JSX tags, holding "word(s)". */
const MAYBE_PLURAL = /(['"`])(?:(?!\1).)*[A-Za-z]\(s\)(?:(?!\1).)*\1|>[^<>{}]*[A-Za-z]\(s\)[^<>{}]*</;

function offenders(file: string): string[] {
  const out: string[] = [];
  fs.readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
      if (MAYBE_PLURAL.test(code.replace(/\$\{[^}]*\}/g, '').replace(/https?\(s\)/g, ''))) out.push(`${file}:${i + 1}: (s)`);
      for (const m of code.matchAll(COUNT_BEFORE_NOUN)) {
        const expr = (m[1] ?? m[2] ?? '').trim();
        if (m[2] === undefined && FIXED(expr)) continue;
        out.push(`${file}:${i + 1}: ${m[0]}`);
      }
    });
  return out;
}

describe('plurals', () => {
  it('has one rule: 1 is singular, every other count plural', () => {
    expect([0, 1, 2].map((n) => counted(n, 'day'))).toEqual(['0 days', '1 day', '2 days']);
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(3, 'coach', 'coaches')).toBe('coaches');
    expect(formatCounted(1, 'e-mail')).toBe('1 e-mail');
    expect(formatCounted(12345, 'user')).toMatch(/^12.345 users$/);
    expect(USER_EXPORT_MESSAGES.exported(1)).toBe('Exported 1 user to CSV');
    expect(USER_EXPORT_MESSAGES.exported(2)).toBe('Exported 2 users to CSV');
  });

  it('finds a count written before its noun, and "(s)", in a fixture', () => {
    const fixture = path.join('tests', 'unit', '.plural-fixture.tsx');
    fs.writeFileSync(
      path.join(root, fixture),
      [
        'const a = `${n} emails queued`;',
        'const b = <p>{count} users</p>;',
        "const c = 'Deleted file(s)';",
        "const d = '1 days';",
        'const ok = `${RECENT_DAYS} days` + `At most ${max} characters` + <Chart testId={testId} items={items} />;',
      ].join('\n'),
    );
    try {
      expect(offenders(fixture).map((o) => o.replace(/^.*?: /, ''))).toEqual(['${n} emails', '{count} users', '(s)', '1 days']);
    } finally {
      fs.rmSync(path.join(root, fixture));
    }
  });

  it('leaves no count before a plural noun, and no "(s)", in the screens, the rules or main', () => {
    expect(DIRS.flatMap(sources).flatMap(offenders)).toEqual([]);
  });
});
