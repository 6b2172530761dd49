// The audit log's store and the router hook, on a real audit file (audit.sqlite): one entry per write that reaches its
// handler, ok or failed; paging newest first with filters; UPDATE and DELETE refused by SQLite itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuditDatabase, type AuditDatabase } from '../../main/audit/database.js';
import { createAuditRecorder } from '../../main/audit/recorder.js';
import { appendAudit, auditFacets, getAudit, listAudit } from '../../main/audit/store.js';
import { buildAuditRecord } from '../../main/audit/record.js';
import { AppError } from '../../main/ground/errors.js';
import { findOperation, type OpEntry } from '../../shared/contract/index.js';
import type { Connection } from '../../main/core/connections.js';

const opened: AuditDatabase[] = [];
const dirs: string[] = [];
function open(): AuditDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-audit-'));
  dirs.push(dir);
  const audit = openAuditDatabase(path.join(dir, 'audit.sqlite'), { log: () => undefined });
  opened.push(audit);
  return audit;
}
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A service client holding one table in memory, answering from(t).select().eq()/in().limit(). */
function fakeService(rows: Record<string, Record<string, unknown>[]>) {
  return {
    from(table: string) {
      const filters: [string, (v: unknown) => boolean][] = [];
      const q = {
        select: () => q,
        eq: (c: string, v: unknown) => (filters.push([c, (x) => x === v]), q),
        in: (c: string, vs: unknown[]) => (filters.push([c, (x) => vs.includes(x)]), q),
        limit: async (n: number) => ({
          data: (rows[table] ?? [])
            .filter((r) => filters.every(([c, f]) => f(r[c])))
            .slice(0, n)
            .map((r) => ({ ...r })),
          error: null,
        }),
      };
      return q;
    },
  };
}

const admin = { id: 'admin-1', email: 'admin@example.com' };
const op = (name: string): OpEntry => findOperation(name)!;

describe('audit recorder', () => {
  it('records a successful update with the row before and after, and a failed one with its code and message', async () => {
    const audit = open();
    const rows = { system_banners: [{ id: 'b1', title: 'Old', active: true }] };
    const conn = { audit, service: fakeService(rows) } as unknown as Connection;
    let t = 0;
    const hook = createAuditRecorder({ connection: async () => conn, now: () => new Date(Date.UTC(2026, 10, 24, 8, 0, t++)) });

    const out = await hook(op('banners.update'), { id: 'b1', title: 'New', password: 'hunter2' }, admin, async () => {
      rows.system_banners[0]!.title = 'New';
      return { id: 'b1' };
    });
    expect(out).toEqual({ id: 'b1' });
    const failure = new AppError('NOT_FOUND', 'Banner not found');
    await expect(hook(op('banners.delete'), { id: 'b1' }, admin, async () => Promise.reject(failure))).rejects.toBe(failure);

    const page = listAudit(audit.db, {}, undefined, 10);
    expect(page.items.map((i) => [i.operation, i.outcome])).toEqual([
      ['banners.delete', 'failed'],
      ['banners.update', 'ok'],
    ]);
    const [failed, ok] = page.items.map((i) => getAudit(audit.db, i.id)!);
    expect(ok).toMatchObject({
      adminId: 'admin-1',
      adminEmail: 'admin@example.com',
      area: 'banners',
      targetTable: 'system_banners',
      targetId: 'b1',
      input: { id: 'b1', title: 'New', password: '[redacted]' },
      before: { id: 'b1', title: 'Old', active: true },
      after: { id: 'b1', title: 'New', active: true },
      outcome: 'ok',
      errorCode: null,
    });
    expect(failed).toMatchObject({
      outcome: 'failed',
      errorCode: 'NOT_FOUND',
      errorMessage: 'Banner not found',
      targetId: 'b1',
      before: { id: 'b1', title: 'New', active: true },
    });
    expect(JSON.stringify(ok)).not.toContain('hunter2');
  });

  it('names a created row from the output; records the input as "after" where no table is known; skips public writes and the palette recent items', async () => {
    const audit = open();
    const rows = { system_banners: [] as Record<string, unknown>[] };
    const hook = createAuditRecorder({ connection: async () => ({ audit, service: fakeService(rows) }) as unknown as Connection });
    await hook(op('banners.create'), { title: 'T' }, admin, async () => (rows.system_banners.push({ id: 'b9', title: 'T' }), { id: 'b9', title: 'T' }));
    await hook(op('analytics.refresh'), {}, admin, async () => ({ done: true }));
    await hook(op('auth.signIn'), { email: 'x', password: 'y' }, null, async () => ({}));
    // Noting a palette item as recent changes nothing in the project: not recorded, but it still runs.
    let opened = 0;
    await hook(op('palette.opened'), { kind: 'coach', id: 'c1' }, admin, async () => ({ opened: ++opened }));
    expect(opened).toBe(1);
    const entries = listAudit(audit.db, {}, undefined, 10).items.map((i) => getAudit(audit.db, i.id)!);
    expect(entries.map((e) => e.operation)).toEqual(['analytics.refresh', 'banners.create']);
    expect(entries[1]).toMatchObject({ targetTable: 'system_banners', targetId: 'b9', before: null, after: { id: 'b9', title: 'T' } });
    expect(entries[0]).toMatchObject({ targetTable: null, before: null, after: {} });
  });

  it('never changes the answer when the log cannot be written', async () => {
    const hook = createAuditRecorder({ connection: async () => ({ audit: undefined, service: fakeService({}) }) as unknown as Connection });
    await expect(hook(op('banners.setActive'), { id: 'b1', active: false }, admin, async () => 'done')).resolves.toBe('done');
  });
});

describe('audit store', () => {
  const entry = (i: number, area: string, adminId: string) =>
    buildAuditRecord({
      at: new Date(Date.UTC(2026, 10, 1 + i)),
      admin: { id: adminId, email: `${adminId}@x.org` },
      operation: `${area}.op`,
      area,
      input: { i },
    });

  it('pages newest first by keyset and filters by admin, area, operation and date range', () => {
    const { db } = open();
    for (let i = 0; i < 7; i++) appendAudit(db, entry(i, i % 2 ? 'banners' : 'feedback', i < 3 ? 'a' : 'b'));
    const first = listAudit(db, {}, undefined, 3);
    expect(first.items.map((x) => x.id)).toEqual([7, 6, 5]);
    expect(first.more).toBe(true);
    const last = listAudit(db, {}, 2, 3);
    expect(last.items.map((x) => x.id)).toEqual([1]);
    expect(last.more).toBe(false);
    expect(listAudit(db, { area: 'banners' }, undefined, 10).items.map((x) => x.id)).toEqual([6, 4, 2]);
    expect(listAudit(db, { adminId: 'a', operation: 'feedback.op' }, undefined, 10).items.map((x) => x.id)).toEqual([3, 1]);
    // Nov 3 (inclusive) to Nov 5 (exclusive), given with an offset: the bounds are compared as UTC instants.
    expect(listAudit(db, { from: '2026-11-03T01:00:00+01:00', to: '2026-11-05T00:00:00Z' }, undefined, 10).items.map((x) => x.id)).toEqual([4, 3]);
    expect(auditFacets(db)).toEqual({
      admins: [
        { id: 'a', email: 'a@x.org' },
        { id: 'b', email: 'b@x.org' },
      ],
      areas: ['banners', 'feedback'],
      operations: ['banners.op', 'feedback.op'],
    });
  });

  it('refuses UPDATE and DELETE: the log is append-only', () => {
    const { db } = open();
    appendAudit(db, entry(0, 'banners', 'a'));
    expect(() => db.prepare("update audit_log set outcome = 'failed'").run()).toThrow(/append-only/);
    expect(() => db.prepare('delete from audit_log').run()).toThrow(/append-only/);
    expect(getAudit(db, 1)?.outcome).toBe('ok');
  });
});
