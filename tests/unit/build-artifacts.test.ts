import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, process.env.REFLECT_DIST ?? 'dist');

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Shapes of Supabase keys: legacy JWT keys and the newer sb_secret_/sb_publishable_ keys. */
const KEY_SHAPES = [/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, /sb_secret_[A-Za-z0-9_-]{10,}/];

describe('no key in any build artifact (K1)', () => {
  const built = files(DIST).filter((f) => /\.(js|cjs|mjs|html|css|map|json)$/.test(f));
  it.skipIf(built.length === 0)('the built renderer, main and preload contain no key', () => {
    for (const file of built) {
      const text = fs.readFileSync(file, 'utf8');
      for (const shape of KEY_SHAPES) expect(shape.test(text), `${path.relative(ROOT, file)} matches ${shape}`).toBe(false);
    }
  });
  it.skipIf(built.length === 0)('the renderer bundle never names the service-role environment variable', () => {
    for (const file of files(path.join(DIST, 'renderer')).filter((f) => f.endsWith('.js'))) {
      expect(fs.readFileSync(file, 'utf8')).not.toMatch(/SERVICE_ROLE_KEY/);
    }
  });
});
