// Issue 26, item 1: a write whose reply was lost is recorded as landed (ok, with how it was settled) or as
// "unknown", never as failed; the audit file of an earlier version takes the new outcome with its entries kept,
// and the screen names it plainly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_MIGRATIONS, openAuditDatabase } from '../../main/audit/database.js';
import { buildAuditRecord, REPLY_LOST_LANDED, REPLY_LOST_UNKNOWN } from '../../main/audit/record.js';
import { appendAudit, getAudit } from '../../main/audit/store.js';
import { AUDIT_OUTCOME_LABEL, AUDIT_OUTCOME_TONE } from '../../shared/rules/audit/outcome.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-unknown-'));
  dirs.push(dir);
  return path.join(dir, 'audit.sqlite');
};

const facts = { at: new Date('2026-11-26T10:00:00Z'), admin: { id: 'a1', email: 'a@x.io' }, operation: 'banners.delete', area: 'banners', input: { id: 'b1' } };
const lostError = { code: 'OFFLINE', message: 'fetch failed' };

describe('a lost reply in the audit record', () => {
  it('is ok with the settling note when reading again showed the change, unknown otherwise, and a plain failure stays failed', () => {
    expect(buildAuditRecord({ ...facts, error: lostError, replyLost: { landed: true } })).toMatchObject({
      outcome: 'ok',
      errorCode: 'OUTCOME_UNKNOWN',
      errorMessage: REPLY_LOST_LANDED,
    });
    expect(buildAuditRecord({ ...facts, error: lostError, replyLost: { landed: false } })).toMatchObject({
      outcome: 'unknown',
      errorCode: 'OUTCOME_UNKNOWN',
      errorMessage: REPLY_LOST_UNKNOWN,
    });
    expect(buildAuditRecord({ ...facts, error: lostError })).toMatchObject({ outcome: 'failed', errorCode: 'OFFLINE' });
  });

  it('is named plainly on the screen', () => {
    expect(AUDIT_OUTCOME_LABEL).toEqual({ ok: 'OK', failed: 'Failed', unknown: 'Unknown' });
    expect(AUDIT_OUTCOME_TONE.unknown).toBe('warning');
  });
});

describe('audit migration 2', () => {
  it('brings a version 1 file to the unknown outcome with its entries, ids, indexes and append-only triggers kept', () => {
    const file = tempFile();
    const v1 = new Database(file);
    v1.exec(AUDIT_MIGRATIONS[0] as string);
    v1.pragma('user_version = 1');
    appendAudit(v1, buildAuditRecord(facts));
    appendAudit(v1, buildAuditRecord({ ...facts, error: lostError }));
    expect(() => appendAudit(v1, buildAuditRecord({ ...facts, error: lostError, replyLost: { landed: false } }))).toThrow(/CHECK/);
    v1.close();

    const audit = openAuditDatabase(file, { log: () => undefined });
    try {
      expect(audit.db.pragma('user_version', { simple: true })).toBe(AUDIT_MIGRATIONS.length);
      expect([getAudit(audit.db, 1)?.outcome, getAudit(audit.db, 2)?.outcome]).toEqual(['ok', 'failed']);
      const id = appendAudit(audit.db, buildAuditRecord({ ...facts, error: lostError, replyLost: { landed: false } }));
      expect(id).toBe(3);
      expect(getAudit(audit.db, id)?.outcome).toBe('unknown');
      expect(() => audit.db.prepare("update audit_log set outcome = 'ok'").run()).toThrow(/append-only/);
      expect(() => audit.db.prepare('delete from audit_log').run()).toThrow(/append-only/);
      const indexes = (
        audit.db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'audit_log' and name like 'audit_log_%'").all() as {
          name: string;
        }[]
      ).map((r) => r.name);
      expect(indexes.sort()).toEqual(['audit_log_admin', 'audit_log_area', 'audit_log_at', 'audit_log_operation']);
    } finally {
      audit.close();
    }
  });
});
