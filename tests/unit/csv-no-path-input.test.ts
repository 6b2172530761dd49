// SECURITY.md F1: files are written by main only, to a path main chose (the save dialog, or the exports folder in
// browser mode). No operation lets the renderer name a path: no input schema has a path-like field.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OPERATIONS } from '../../shared/contract/index.js';

const PATH_WORDS = new Set(['path', 'paths', 'file', 'files', 'filename', 'filepath', 'dir', 'directory', 'folder', 'destination', 'location']);
/** savePath, output_file, targetDirectory ...: any word of the key naming a place on disk. */
const pathLike = (key: string) => key.split(/(?=[A-Z])|[_-]/).some((w) => PATH_WORDS.has(w.toLowerCase()));

/** Every object key anywhere in a zod schema (through optional, pipe, union, array ...). */
function keysOf(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const keys: string[] = [];
  const visit = (v: unknown) => {
    if (v && typeof v === 'object' && '_zod' in (v as object)) keys.push(...keysOf(v as z.ZodType, seen));
    else if (Array.isArray(v)) v.forEach(visit);
  };
  if (def.shape && typeof def.shape === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
      keys.push(k);
      visit(v);
    }
  }
  for (const [k, v] of Object.entries(def)) if (k !== 'shape') visit(v);
  return keys;
}

describe('no operation takes a path from the renderer (F1)', () => {
  it('finds the keys of the export operation (the walker works)', () => {
    const exportOp = OPERATIONS.find((o) => o.name === 'users.exportCsv')!;
    expect(keysOf(exportOp.spec.input).sort()).toEqual(['direction', 'filter', 'key', 'search', 'sort']);
  });

  /** A top-level `filename` (the TTS Filename field) is a bare name: allowed only if its schema refuses paths. */
  const bareName = (op: (typeof OPERATIONS)[number], key: string): boolean => {
    if (key !== 'filename') return false;
    const field = (op.spec.input as unknown as { shape?: Record<string, z.ZodType> }).shape?.[key];
    return (
      !!field &&
      ['../x', 'a/b', 'a\\b', '/etc/passwd', '.hidden', 'a\u0000b'].every((v) => !field.safeParse(v).success) &&
      field.safeParse('tts-puck-1').success
    );
  };

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s has no path-like input field', (_name, op) => {
    expect(keysOf(op.spec.input).filter((k) => pathLike(k) && !bareName(op, k))).toEqual([]);
  });

  it('recognises path-like names', () => {
    expect(['savePath', 'output_file', 'targetDirectory', 'dir', 'fileName'].every(pathLike)).toBe(true);
    expect(['direction', 'filter', 'profile', 'targetUserId'].some(pathLike)).toBe(false);
  });

  it('the export refuses an extra path field', () => {
    const exportOp = OPERATIONS.find((o) => o.name === 'users.exportCsv')!;
    const parsed = exportOp.spec.input.safeParse({ filter: 'all', search: '', sort: { key: 'email', direction: 'asc' }, path: '/etc/passwd' });
    expect(parsed.success).toBe(false);
  });
});
