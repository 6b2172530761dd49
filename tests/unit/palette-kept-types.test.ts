import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { openCacheDatabase } from '../../main/cache/database.js';
import type { CacheDatabase } from '../../main/cache/types.js';
import { keptAnswers, keptData, keptStamp } from '../../main/services/palette/sources/kept.js';
import { feedbackSource } from '../../main/services/palette/sources/feedback.js';
import { PALETTE_SOURCES } from '../../main/services/palette/sources/index.js';
import { OPERATIONS, type Contract, type KeptOp, type OutputOf } from '../../shared/contract/index.js';

/** Kept reads come back with their contract output type, and only reads the contract keeps can be named. */

let dir: string;
let cache: CacheDatabase;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-kept-'));
  cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log: () => undefined });
});
afterEach(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const A = 'admin-a';
const F1 = '22222222-2222-4222-8222-222222222222';
const put = (op: string, data: unknown, key: string, at: string) => cache.reads.put(A, op, key, data, at);
const item = (status: string) => ({ id: F1, title: `Export ${status}`, type: 'bug', status });

describe('kept reads, typed', () => {
  it('are typed by the contract, and a name that is not a kept read does not compile', () => {
    const db = cache.db;
    expectTypeOf(keptData(db, A, 'coaches.list')).toEqualTypeOf<Generator<OutputOf<Contract['coaches']['list']>>>();
    expectTypeOf(keptData(db, A, 'users.detail')).toEqualTypeOf<Generator<OutputOf<Contract['users']['detail']>>>();
    // @ts-expect-error a write
    void keptData(db, A, 'coaches.save');
    // @ts-expect-error a read the contract does not keep offline
    void keptData(db, A, 'users.page');
    // @ts-expect-error no such operation
    void keptStamp(db, A, ['coaches.lsit']);
    expectTypeOf<(typeof PALETTE_SOURCES)[number]['ops'][number]>().toEqualTypeOf<KeptOp>();
  });

  it('every source reads only operations the contract keeps offline', () => {
    const kept = new Set(OPERATIONS.filter((o) => o.spec.kind === 'read' && o.spec.keepOffline).map((o) => o.name));
    for (const s of PALETTE_SOURCES) for (const op of s.ops) expect(kept.has(op), `${s.kind}: ${op}`).toBe(true);
  });

  it('keptAnswers reads exactly the listed operations, oldest first, skipping rows that do not parse', () => {
    put('feedback.get', item('resolved'), `{"id":"${F1}"}`, '2026-01-03T00:00:00.000Z');
    put('feedback.trash', { items: [item('deleted')] }, '{}', '2026-01-01T00:00:00.000Z');
    put('feedback.boardPage', { items: [item('other op')], more: false }, '{}', '2026-01-04T00:00:00.000Z');
    cache.db.prepare("insert into kept_reads values (?, 'feedback.trash', 'bad', '{not json', '2026-01-02T00:00:00.000Z')").run(A);
    const answers = [...keptAnswers(cache.db, A, ['feedback.trash', 'feedback.get'] as const)];
    expect(answers.map((a) => a.op)).toEqual(['feedback.trash', 'feedback.get']);
    const last = answers[1]!;
    if (last.op === 'feedback.get') expectTypeOf(last.data).toEqualTypeOf<OutputOf<Contract['feedback']['get']>>();
    expect([...keptAnswers(cache.db, A, [])]).toEqual([]);
  });

  it('the feedback source takes the newest kept copy of an item, from its own operations only', () => {
    put('feedback.trash', { items: [item('deleted')] }, '{}', '2026-01-01T00:00:00.000Z');
    put('feedback.get', item('resolved'), `{"id":"${F1}"}`, '2026-01-03T00:00:00.000Z');
    put(
      'feedback.board',
      { total: 1, counts: {}, columns: { new: { items: [item('new')], more: false }, x: null } },
      '{"search":"","type":"all"}',
      '2026-01-02T00:00:00.000Z',
    );
    put('feedback.boardPage', { items: [item('other op')], more: false }, '{}', '2026-01-04T00:00:00.000Z');
    expect([...feedbackSource.rows(cache.db, A)]).toMatchObject([{ id: F1, title: 'Export resolved', subtitle: 'Bug · Resolved' }]);
  });
});
