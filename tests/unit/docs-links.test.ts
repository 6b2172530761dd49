import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README, CONTRIBUTING.md, SECURITY.md and docs/ link only to what exists: every relative link names a file or
 * folder of the repository, and a #section after a Markdown file names one of its headings (GitHub's anchors).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(): string[] {
  const docs = fs.existsSync(path.join(ROOT, 'docs'))
    ? fs
        .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.join('docs', f))
    : [];
  return ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...docs].filter((f) => fs.existsSync(path.join(ROOT, f)));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

/** Links outside code spans and fenced blocks: [text](target) and <a href>. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

function brokenLinks(root: string, file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const broken: string[] = [];
  for (const link of relativeLinks(text)) {
    const [target = '', hash] = link.split('#');
    const resolved = target ? path.resolve(root, path.dirname(file), decodeURI(target)) : path.join(root, file);
    if (!resolved.startsWith(root) || !fs.existsSync(resolved)) {
      broken.push(`${file}: ${link} points nowhere`);
      continue;
    }
    if (hash && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(hash)) broken.push(`${file}: ${link} names no heading`);
  }
  return broken;
}

describe('relative links in the README and docs/', () => {
  it('finds the documents (README, CONTRIBUTING, SECURITY, docs/)', () => {
    const files = markdownFiles();
    for (const f of ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', path.join('docs', 'releasing.md'), path.join('docs', 'architecture.md')])
      expect(files).toContain(f);
  });

  it('every relative link points to a file, folder or heading that exists', () => {
    expect(markdownFiles().flatMap((f) => brokenLinks(ROOT, f))).toEqual([]);
  });

  it('the check itself catches a link to nowhere and a missing heading', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-docs-links-'));
    try {
      fs.mkdirSync(path.join(tmp, 'docs'));
      fs.writeFileSync(path.join(tmp, 'docs', 'a.md'), '# A\n\n## Cutting a release\n');
      fs.writeFileSync(
        path.join(tmp, 'README.md'),
        '[ok](docs/a.md) [ok too](docs/a.md#cutting-a-release) [web](https://x.org) `[code](nowhere.md)`\n[gone](docs/b.md) [bad](docs/a.md#nope)\n',
      );
      expect(brokenLinks(tmp, 'README.md')).toEqual(['README.md: docs/b.md points nowhere', 'README.md: docs/a.md#nope names no heading']);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
