import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, ADMIN_EMAIL, MEMBER_EMAIL, sql, type TestApp } from '../support/booted.js';
import type { Banner } from '../../shared/rules/banners/types.js';
import type { AuditEntry, AuditPage } from '../../shared/contract/areas/audit.js';
import type { ExportOutcome } from '../../shared/contract/export.js';
import { DEMO_PROFILE_ID } from '../../shared/rules/profiles/types.js';
import { REPLY_LOST_LANDED, REPLY_LOST_UNKNOWN } from '../../main/audit/record.js';
import { buildAuditRecord } from '../../main/audit/record.js';
import { appendAudit } from '../../main/audit/store.js';
import { parseCsv } from '../fixtures/users-csv.js';

/**
 * The audit log through main's router against the embedded backend: a successful and a failed write of several
 * areas each leave exactly one entry with the right outcome, target and before/after, read back through the
 * audit operations; SQLite itself refuses UPDATE and DELETE on the table.
 */
const backend = sharedBackend();

const fields = {
  category: 'info',
  title: 'Audit banner',
  message: 'Audited',
  actionText: '',
  actionUrl: '',
  active: true,
  startDate: '',
  endDate: null,
  targetAudience: 'all',
};
const MISSING = '00000000-0000-4000-8000-0000000000a1';

describe('audit log against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  let memberId: string;
  let feedbackId: string;
  const banners: string[] = [];

  /** The entries recorded since `sinceId`, oldest first, whole. */
  const entriesSince = async (sinceId: number): Promise<AuditEntry[]> => {
    const page = await app.data<AuditPage>('audit.list', { filters: {} });
    const ids = page.items
      .filter((i) => i.id > sinceId)
      .map((i) => i.id)
      .reverse();
    return Promise.all(ids.map((id) => app.data<AuditEntry>('audit.get', { id })));
  };
  const lastId = async () => (await app.data<AuditPage>('audit.list', { filters: {} })).items[0]?.id ?? 0;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, 'select id::text from auth.users where email = $1', [ADMIN_EMAIL]))[0]!.id;
    memberId = (await sql<{ id: string }>(backend, 'select id::text from profiles where email = $1', [MEMBER_EMAIL]))[0]!.id;
    feedbackId = (
      await sql<{ id: string }>(
        backend,
        "insert into feedback_submissions (type, title, status, tags) values ('general', 'Audit item', 'new', '{itest}') returning id::text",
      )
    )[0]!.id;
    await sql(backend, "delete from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns'", [memberId]);
  });
  afterAll(async () => {
    if (banners.length) await sql(backend, 'delete from system_banners where id = any($1::uuid[])', [banners]);
    await sql(backend, 'delete from feedback_submissions where id = $1', [feedbackId]);
    await sql(backend, "delete from user_feature_flags where user_id = $1 and feature_key = 'email_campaigns'", [memberId]);
    await app?.close();
  });

  it('records a banner create, update and delete with the rows before and after, and a failed update', async () => {
    const since = await lastId();
    const b = await app.data<Banner>('banners.create', fields);
    banners.push(b.id);
    await app.data('banners.update', { ...fields, id: b.id, title: 'Audit banner 2' });
    expect(await app.call('banners.update', { ...fields, id: MISSING })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    await app.data('banners.delete', { id: b.id });

    const [create, update, failed, remove, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    const common = { adminId, adminEmail: ADMIN_EMAIL, area: 'banners', targetTable: 'system_banners' };
    expect(create).toMatchObject({
      ...common,
      operation: 'banners.create',
      targetId: b.id,
      outcome: 'ok',
      before: null,
      after: { id: b.id, title: 'Audit banner' },
    });
    expect(update).toMatchObject({
      ...common,
      operation: 'banners.update',
      targetId: b.id,
      outcome: 'ok',
      before: { title: 'Audit banner' },
      after: { title: 'Audit banner 2' },
    });
    expect(update!.input).toMatchObject({ id: b.id, title: 'Audit banner 2' });
    expect(failed).toMatchObject({ ...common, operation: 'banners.update', targetId: MISSING, outcome: 'failed', errorCode: 'NOT_FOUND', before: null });
    expect(failed!.errorMessage).toMatch(/not found/i);
    expect(remove).toMatchObject({ ...common, operation: 'banners.delete', targetId: b.id, outcome: 'ok', before: { title: 'Audit banner 2' }, after: null });
  });

  it('records a feedback status change and a refused one', async () => {
    const since = await lastId();
    await app.data('feedback.setStatus', { id: feedbackId, status: 'reviewed' });
    expect((await app.call('feedback.setStatus', { id: MISSING, status: 'reviewed' })).ok).toBe(false);
    const [ok, failed, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(ok).toMatchObject({
      operation: 'feedback.setStatus',
      area: 'feedback',
      targetTable: 'feedback_submissions',
      targetId: feedbackId,
      outcome: 'ok',
      before: { status: 'new' },
      after: { status: 'reviewed' },
    });
    expect(failed).toMatchObject({ operation: 'feedback.setStatus', targetId: MISSING, outcome: 'failed', before: null });
    expect(failed!.errorMessage).toBeTruthy();
  });

  it('records a flag grant (target from the result) and a grant to an unknown e-mail as failed', async () => {
    const since = await lastId();
    const granted = await app.data<{ id: string }>('flags.grant', { email: MEMBER_EMAIL, featureKey: 'email_campaigns', notes: 'audit', expiresAt: null });
    expect(await app.call('flags.grant', { email: 'nobody@reflect.local', featureKey: 'email_campaigns', notes: null, expiresAt: null })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const [ok, failed, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(ok).toMatchObject({
      operation: 'flags.grant',
      area: 'flags',
      targetTable: 'user_feature_flags',
      targetId: granted.id,
      outcome: 'ok',
      after: { id: granted.id, user_id: memberId, feature_key: 'email_campaigns', enabled: true },
    });
    expect(ok!.input).toMatchObject({ email: MEMBER_EMAIL, featureKey: 'email_campaigns' });
    expect(failed).toMatchObject({ operation: 'flags.grant', outcome: 'failed', errorCode: 'NOT_FOUND', targetTable: 'user_feature_flags', targetId: null });
  });

  it('summarises a blob by size, filters by area and operation, and exports the filtered entries as CSV', async () => {
    const since = await lastId();
    const blob = Buffer.alloc(3000, 1).toString('base64');
    await app.call('products.uploadImage', { kind: 'productImage', jpegBase64: blob });
    const [upload, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(upload).toMatchObject({ operation: 'products.uploadImage', input: { kind: 'productImage', jpegBase64: '[base64, 3000 bytes]' } });
    expect(JSON.stringify(upload)).not.toContain(blob.slice(0, 100));

    const onlyFlags = await app.data<AuditPage>('audit.list', { filters: { area: 'flags' } });
    expect(onlyFlags.items.length).toBeGreaterThan(0);
    expect(onlyFlags.items.every((i) => i.area === 'flags')).toBe(true);
    const updates = await app.data<AuditPage>('audit.list', { filters: { operation: 'banners.update' } });
    expect(updates.items.map((i) => i.outcome)).toEqual(['failed', 'ok']);

    const out = await app.data<ExportOutcome>('audit.exportCsv', { area: 'banners' });
    expect(out).toMatchObject({ outcome: 'saved', count: 4 });
    const csv = fs.readFileSync((out as { path: string }).path, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('ID,Time,Admin ID,Admin Email,Area,Operation');
    expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(['banners.delete', 'banners.update', 'banners.update', 'banners.create']);
  });

  /**
   * Cuts the connection as the backend answers the first request of `method` to `table`: the change is made, the
   * reply never arrives (the router answers OUTCOME_UNKNOWN). With `staysDown`, every later request to the backend
   * fails too, so nothing can be read again.
   */
  function cutReply(table: string, method: string, staysDown = false) {
    const real = globalThis.fetch;
    let cut = false;
    const lost = () => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const m = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (cut && staysDown && url.startsWith(backend.url)) throw lost();
      if (!cut && m === method && url.includes(`/rest/v1/${table}`)) {
        cut = true;
        await (await real(input, init)).arrayBuffer();
        throw lost();
      }
      return real(input, init);
    });
  }

  it('records a write whose reply was lost as landed when reading its row again shows the change, and as unknown when it cannot be read (issue 26)', async () => {
    // A removed avatar (an update main does not settle itself; deletes and most updates it does, issue 31).
    const coach = (
      await sql<{ id: string }>(backend, `insert into coaches (name, avatar_url) values ('Audit coach', 'https://example.invalid/a.png') returning id::text`)
    )[0]!.id;
    const since = await lastId();
    const unsettled = await app.data<Banner>('banners.create', { ...fields, title: 'Audit banner unsettled' });
    banners.push(unsettled.id);

    const spy = cutReply('coaches', 'PATCH');
    try {
      expect(await app.call('coaches.removeAvatar', { coachId: coach })).toMatchObject({ ok: false, code: 'OUTCOME_UNKNOWN' });
    } finally {
      spy.mockRestore();
    }
    const down = cutReply('system_banners', 'PATCH', true);
    try {
      expect(await app.call('banners.setActive', { id: unsettled.id, active: false })).toMatchObject({ ok: false, code: 'OUTCOME_UNKNOWN' });
    } finally {
      down.mockRestore();
    }
    // Both changes did land on the server.
    expect(await sql(backend, 'select avatar_url from coaches where id = $1', [coach])).toEqual([{ avatar_url: null }]);
    await sql(backend, 'delete from coaches where id = $1', [coach]);
    expect((await sql<{ active: boolean }>(backend, 'select active from system_banners where id = $1', [unsettled.id]))[0]?.active).toBe(false);

    const [, removed, toggled, ...rest] = await entriesSince(since);
    expect(rest).toEqual([]);
    expect(removed).toMatchObject({
      operation: 'coaches.removeAvatar',
      targetId: coach,
      outcome: 'ok',
      errorCode: 'OUTCOME_UNKNOWN',
      errorMessage: REPLY_LOST_LANDED,
      after: { id: coach, avatar_url: null },
    });
    expect(removed!.before).toMatchObject({ id: coach, avatar_url: 'https://example.invalid/a.png' });
    expect(toggled).toMatchObject({
      operation: 'banners.setActive',
      targetId: unsettled.id,
      outcome: 'unknown',
      errorCode: 'OUTCOME_UNKNOWN',
      errorMessage: REPLY_LOST_UNKNOWN,
      after: null,
    });
    expect(toggled!.before).toMatchObject({ id: unsettled.id, active: true });

    // The CSV says unknown plainly.
    const out = await app.data<ExportOutcome>('audit.exportCsv', { operation: 'banners.setActive' });
    const csv = fs.readFileSync((out as { path: string }).path, 'utf8');
    expect(csv.trim().split('\r\n')[1]!.split(',')[8]).toBe('unknown');
  });

  it('exports hostile text of an entry neutralised: leading white space, a formula after `;`, DDE (issue 26 item 3)', async () => {
    const file = new Database(path.join(app.dataDir, 'profiles', DEMO_PROFILE_ID, 'audit.sqlite'));
    try {
      appendAudit(
        file,
        buildAuditRecord({
          at: new Date(),
          admin: { id: adminId, email: ' =1+1@x.org' },
          operation: 'csv.hostile',
          area: 'csv-hostile',
          input: { note: 'x;=1+1;y' },
          error: { code: 'BACKEND_ERROR', message: `DDE ("cmd";"/C calc";"!A0")A0` },
        }),
      );
    } finally {
      file.close();
    }
    const out = await app.data<ExportOutcome>('audit.exportCsv', { area: 'csv-hostile' });
    expect(out).toMatchObject({ outcome: 'saved', count: 1 });
    const [, record] = parseCsv(fs.readFileSync((out as { path: string }).path, 'utf8'));
    expect(record![3]).toBe(`' =1+1@x.org`);
    expect(record![10]).toBe(`'DDE ("cmd";"/C calc";"!A0")A0`);
    expect(record![11]).toBe(`{"note":"x;'=1+1;y"}`);
  });

  it(
    'answers a router call made while a 100,000-entry export runs before the export finishes; main reads no entry for it (issue 26 item 6)',
    { timeout: 120_000 },
    async () => {
      const file = new Database(path.join(app.dataDir, 'profiles', DEMO_PROFILE_ID, 'audit.sqlite'));
      try {
        file.pragma('synchronous = OFF');
        const insert = file.prepare(
          `insert into audit_log (at, admin_id, admin_email, operation, area, input, outcome) values (?, ?, ?, 'bulk.write', 'bulk-export', ?, 'ok')`,
        );
        file.transaction(() => {
          for (let i = 0; i < 100_000; i++)
            insert.run(new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(), adminId, ADMIN_EMAIL, JSON.stringify({ i, note: 'x'.repeat(100) }));
        })();
      } finally {
        file.close();
      }
      const audit = (await app.services.connections.current()).audit!.db;
      const prepared: string[] = [];
      const prepare = audit.prepare.bind(audit);
      audit.prepare = ((sqlText: string) => (prepared.push(sqlText), prepare(sqlText))) as typeof audit.prepare;
      try {
        const exportsDir = path.join(app.dataDir, 'exports');
        const events: string[] = [];
        const exporting = app.call<ExportOutcome>('audit.exportCsv', { area: 'bulk-export' }).then((r) => (events.push('export finished'), r));
        // Meanwhile: once the export is writing its temporary file, another call.
        while (!fs.existsSync(exportsDir) || !fs.readdirSync(exportsDir).some((f) => f.endsWith('.part'))) await new Promise((r) => setImmediate(r));
        const status = await app.call('audit.status');
        events.push('call answered');
        expect(status.ok).toBe(true);
        const out = await exporting;
        expect(events).toEqual(['call answered', 'export finished']);
        expect(out).toMatchObject({ ok: true, data: { outcome: 'saved', count: 100_000 } });
        const lines = fs
          .readFileSync((out as { data: { path: string } }).data.path, 'utf8')
          .trimEnd()
          .split('\r\n');
        expect(lines).toHaveLength(100_001);
        expect(lines[1]!.split(',')[5]).toBe('bulk.write');
      } finally {
        audit.prepare = prepare;
      }
      // The entries were read on the export's own connection (its worker thread), not main's.
      expect(prepared.filter((s) => /from audit_log/.test(s) && /bulk|order by id desc/.test(s) && !/limit/.test(s))).toEqual([]);
    },
  );

  it('refuses UPDATE and DELETE on the table itself, in audit.sqlite; the cache holds no entry', async () => {
    const dir = path.join(app.dataDir, 'profiles', DEMO_PROFILE_ID);
    const db = new Database(path.join(dir, 'audit.sqlite'));
    const cache = new Database(path.join(dir, 'cache.sqlite'), { readonly: true });
    try {
      expect(() => db.prepare("update audit_log set outcome = 'ok'").run()).toThrow(/append-only/);
      expect(() => db.prepare('delete from audit_log').run()).toThrow(/append-only/);
      expect((db.prepare('select count(*) n from audit_log').get() as { n: number }).n).toBeGreaterThanOrEqual(8);
      // Cache migration 4's table is still there, but no longer written.
      expect((cache.prepare('select count(*) n from audit_log').get() as { n: number }).n).toBe(0);
    } finally {
      db.close();
      cache.close();
    }
    expect(await app.data('audit.status')).toEqual({ setAsideAs: null });
  });
});
