import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of shared and the renderer (docs/architecture.md, "How the code is organised"): a file imports from its own layer or
 * below, never above. main's layers are held by eslint.config.js (MAIN_LAYERS); these two are held here, from the
 * files' own imports, so an area's folder that reaches into the shell, or a kit widget that reaches into an area,
 * fails with the file and the import named.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** Lowest first; a folder of the tree not named here is an area (renderer) and stands in `areas`. */
const RENDERER_LAYERS = ['api', 'lib', 'components', 'session', 'areas', 'app'] as const;
const SHARED_LAYERS = ['rules', 'contract'] as const;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
}

function layerIn(base: string, top: string, file: string, layers: readonly string[]): number | undefined {
  const rel = path.relative(path.join(base, top), file);
  if (rel.startsWith('..')) return undefined;
  const first = rel.split(path.sep)[0]!;
  if (top === 'renderer' && first === 'main.tsx') return layers.indexOf('app');
  const named = layers.indexOf(first);
  return named >= 0 ? named : top === 'renderer' ? layers.indexOf('areas') : undefined;
}

function importsUp(top: string, layers: readonly string[], base = root): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(base, top))) {
    const from = layerIn(base, top, file, layers);
    if (from === undefined) continue;
    for (const spec of relativeImports(file)) {
      const to = layerIn(base, top, path.resolve(path.dirname(file), spec), layers);
      if (to !== undefined && to > from) found.push(`${path.relative(base, file)} imports ${spec} (${layers[from]} may not import ${layers[to]})`);
    }
  }
  return found;
}

describe('layers', () => {
  it('no file of the renderer imports from a layer above its own (api < lib < components < session < areas < app)', () => {
    expect(importsUp('renderer', RENDERER_LAYERS)).toEqual([]);
  });

  it('no rule of shared imports the contract', () => {
    expect(importsUp('shared', SHARED_LAYERS)).toEqual([]);
  });

  it('finds an import that runs up (the check is not empty)', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-probe-'));
    try {
      fs.mkdirSync(path.join(base, 'renderer', 'components'), { recursive: true });
      fs.mkdirSync(path.join(base, 'renderer', 'app'), { recursive: true });
      fs.writeFileSync(path.join(base, 'renderer', 'app', 'App.tsx'), 'export const App = 1;\n');
      fs.writeFileSync(path.join(base, 'renderer', 'components', 'Probe.tsx'), "import { App } from '../app/App.js';\nexport const x = App;\n");
      expect(importsUp('renderer', RENDERER_LAYERS, base)).toEqual([
        path.join('renderer', 'components', 'Probe.tsx') + ' imports ../app/App.js (components may not import app)',
      ]);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
