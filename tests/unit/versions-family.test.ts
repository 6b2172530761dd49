import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as families from '../../main/services/versions/family.js';
import type { VersionFamily } from '../../main/services/versions/family.js';

/**
 * The TypeScript family descriptors and the SQL registry of migration 0040 describe the same families: a column
 * main sends that the SQL function does not allow would make every save of that family fail.
 */
const sql = fs.readFileSync(path.resolve(import.meta.dirname, '../../main/local-backend/migrations/0040_version_families.sql'), 'utf8');
const registry = new Map(
  [...sql.matchAll(/\('([a-z_]+)', '([a-z_]+)', '\{([a-z_,]*)\}', '\{([a-z_,]*)\}', (null|'[a-z_]+')\)/g)].map((m) => [
    m[1] as string,
    { table: m[2], keys: m[3] ? m[3].split(',') : [], values: (m[4] ?? '').split(','), parent: m[5] === 'null' ? undefined : m[5]?.replace(/'/g, '') },
  ]),
);
const descriptors = Object.values(families).filter((f): f is VersionFamily => typeof f === 'object' && f !== null && 'keyColumns' in f);

describe('version family descriptors', () => {
  it('registers the eight prompt families of spec 2 and 3 in SQL', () => {
    expect([...registry.keys()].sort()).toEqual([
      'block_suggestion_prompts',
      'coach_knowledge_base',
      'coach_prompts',
      'daily_wisdom_prompts',
      'entry_analysis_prompts',
      'internal_chatbot_prompts',
      'mirror_prompts',
      'public_chatbot_prompts',
    ]);
    expect(descriptors.map((d) => d.name).sort()).toEqual([...registry.keys()].sort());
  });

  for (const d of descriptors) {
    it(`${d.name}: same table, key, parent, and every column a save sends is allowed`, () => {
      const r = registry.get(d.name);
      expect(r).toBeDefined();
      expect(r?.table).toBe(d.table);
      expect(r?.keys).toEqual([...d.keyColumns]);
      expect(r?.parent).toBe(d.parentColumn);
      const sent = [d.textColumn, ...d.extraColumns, 'notes', ...(d.hasChangeReason ? ['change_reason'] : [])];
      expect(r?.values.slice().sort()).toEqual(sent.sort());
    });
  }
});
