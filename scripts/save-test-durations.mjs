#!/usr/bin/env node
/**
 * `node scripts/save-test-durations.mjs`: after a full `npm test`, copies each test file's time from vitest's
 * results cache into tests/durations.json, the table a clean clone (CI) orders its files by, longest first
 * (tests/support/longest-first.ts). Files the cache does not know keep their old time.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules/.vite/vitest');
const out = path.join(root, 'tests/durations.json');

const caches = fs.existsSync(cacheDir)
  ? fs
      .readdirSync(cacheDir)
      .map((d) => path.join(cacheDir, d, 'results.json'))
      .filter((f) => fs.existsSync(f))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
  : [];
if (!caches.length) {
  console.error('No vitest results cache: run `npm test` first.');
  process.exit(1);
}
const table = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
const { results } = JSON.parse(fs.readFileSync(caches[0], 'utf8'));
for (const [key, { duration }] of results) {
  const file = key.slice(key.indexOf(':') + 1);
  if (fs.existsSync(path.join(root, file))) table[key] = Math.round(duration / 100) / 10;
}
// Files that no longer exist leave the table.
for (const key of Object.keys(table)) if (!fs.existsSync(path.join(root, key.slice(key.indexOf(':') + 1)))) delete table[key];
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} file times written to tests/durations.json`);
