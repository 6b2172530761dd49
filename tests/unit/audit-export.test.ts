// Issue 26 item 6: the audit export reads and formats the log off main's thread, in pages, from one snapshot; the
// file is the same as formatting every entry on main, and main's own connection reads no entry for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuditDatabase, type AuditDatabase } from '../../main/audit/database.js';
import { exportAuditCsv } from '../../main/audit/export.js';
import { openAuditCsvPages } from '../../main/audit/export-thread.js';
import { buildAuditRecord } from '../../main/audit/record.js';
import { appendAudit } from '../../main/audit/store.js';
import { createFolderSaveTarget } from '../../main/files/save-target.js';
import { fileSaver, SavedFiles } from '../../main/files/saved-files.js';

const folderSaver = (folder: string) => fileSaver(createFolderSaveTarget(folder), new SavedFiles(undefined));
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_SOURCE, auditCsvCells } from '../../shared/rules/audit/csv.js';
import { CSV_BOM, CSV_RECORD_END, csvLine } from '../../shared/rules/common/csv.js';
import { parseCsv } from '../fixtures/users-csv.js';

const opened: AuditDatabase[] = [];
const dirs: string[] = [];
function open(): { audit: AuditDatabase; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-audit-export-'));
  dirs.push(dir);
  const audit = openAuditDatabase(path.join(dir, 'audit.sqlite'), { log: () => undefined });
  opened.push(audit);
  return { audit, dir };
}
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function fill(db: Database.Database, n: number): void {
  // One fsync per entry (synchronous FULL) would make thousands of appends slow; durability is not under test here.
  db.pragma('synchronous = OFF');
  const at = new Date('2026-11-20T10:00:00Z');
  for (let i = 0; i < n; i++) {
    appendAudit(
      db,
      buildAuditRecord({
        at: new Date(at.getTime() + i * 1000),
        admin: { id: `a${i % 3}`, email: i % 7 === 0 ? ' =1+1@x.org' : `admin${i % 3}@x.org` },
        operation: i % 2 ? 'banners.update' : 'flags.grant',
        area: i % 2 ? 'banners' : 'flags',
        input: { n: i, note: i % 5 === 0 ? 'x;=1+1;y' : 'plain, "quoted"\nline' },
        target: { table: 'system_banners', id: `t${i}` },
        before: i % 4 ? { title: `old ${i}` } : null,
        after: undefined,
        ...(i % 11 === 0 ? { error: { code: 'BACKEND_ERROR', message: 'DDE ("cmd";"/C calc";"!A0")A0' } } : {}),
      }),
    );
  }
}

/** The file as formatting every entry on main's connection in one go gives it. */
function expectedText(db: Database.Database, where = '', params: unknown[] = []): string {
  const rows = db
    .prepare(`select ${AUDIT_CSV_SOURCE.join(', ')} from audit_log ${where} order by id desc`)
    .raw(true)
    .all(...params) as (string | number | null)[][];
  return CSV_BOM + [csvLine(AUDIT_CSV_COLUMNS), ...rows.map((r) => csvLine(auditCsvCells(r)))].map((l) => l + CSV_RECORD_END).join('');
}

describe('audit CSV export off main’s thread', () => {
  it('writes every matching entry, newest first, as formatting on main would, across many pages', async () => {
    const { audit, dir } = open();
    fill(audit.db, 5000);
    const out = await exportAuditCsv(audit.db, folderSaver(path.join(dir, 'exports')), {});
    expect(out).toMatchObject({ outcome: 'saved', count: 5000 });
    if (out.outcome !== 'saved') return;
    const text = fs.readFileSync(out.path, 'utf8');
    expect(text).toBe(expectedText(audit.db));
    const records = parseCsv(text);
    expect(records[1]![0]).toBe('5000');
    // Hostile text comes out neutralised (F2): leading white space, a formula after `;`, DDE.
    expect(records.find((r) => r[0] === '4901')![3]).toBe(`' =1+1@x.org`);
    expect(records.find((r) => r[0] === '4951')![11]).toBe(`{"n":4950,"note":"x;'=1+1;y"}`);
    expect(records.find((r) => r[0] === '4951')![10]).toBe(`'DDE ("cmd";"/C calc";"!A0")A0`);
    const filtered = await exportAuditCsv(audit.db, folderSaver(path.join(dir, 'exports')), { area: 'banners', adminId: 'a1' });
    expect(fs.readFileSync((filtered as { path: string }).path, 'utf8')).toBe(expectedText(audit.db, 'where area = ? and admin_id = ?', ['banners', 'a1']));
    expect(fs.readdirSync(path.join(dir, 'exports')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('formats on a worker thread in pages, main’s connection reading no entry; entries appended meanwhile do not join', async () => {
    const { audit, dir } = open();
    fill(audit.db, 3000);
    const prepared: string[] = [];
    const prepare = audit.db.prepare.bind(audit.db);
    audit.db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof audit.db.prepare;
    const pages = await openAuditCsvPages(audit.db, `select ${AUDIT_CSV_SOURCE.join(', ')} from audit_log order by id desc`, [], 1000);
    try {
      expect(pages.threaded).toBe(true);
      const first = await pages.next();
      // Appended after the first page: not part of this export's snapshot.
      fill(audit.db, 10);
      const rest = [await pages.next(), await pages.next()];
      expect([first, ...rest].map((p) => [p.rows, p.done])).toEqual([
        [1000, false],
        [1000, false],
        [1000, false],
      ]);
      expect(await pages.next()).toEqual({ text: '', rows: 0, done: true });
    } finally {
      await pages.close();
    }
    audit.db.prepare = prepare;
    expect(prepared.filter((s) => /from audit_log/.test(s) && !/limit 1/.test(s))).toEqual([]);
    expect(fs.readdirSync(dir)).not.toContain('exports');
  });

  it('says empty without asking where to save when nothing matches, and formats on main for an in-memory log', async () => {
    const { audit } = open();
    let asked = 0;
    const target = fileSaver({ choose: async () => (asked++, undefined) }, new SavedFiles(undefined));
    expect(await exportAuditCsv(audit.db, target, {})).toEqual({ outcome: 'empty' });
    fill(audit.db, 3);
    expect(await exportAuditCsv(audit.db, target, { area: 'nothing-here' })).toEqual({ outcome: 'empty' });
    expect(asked).toBe(0);
    expect(await exportAuditCsv(audit.db, target, {})).toEqual({ outcome: 'cancelled' });
    expect(asked).toBe(1);

    const memory = new Database(':memory:');
    memory.exec(`create table audit_log (${AUDIT_CSV_SOURCE.map((c) => `${c} ${c === 'id' ? 'integer primary key' : 'text'}`).join(', ')})`);
    memory.prepare(`insert into audit_log (at, area, operation, outcome, input) values ('t', 'a', 'o', 'ok', '{"v":"=1"}')`).run();
    const pages = await openAuditCsvPages(memory, `select ${AUDIT_CSV_SOURCE.join(', ')} from audit_log order by id desc`, []);
    expect(pages.threaded).toBe(false);
    expect(await pages.next()).toEqual({ text: `1,t,,,a,o,,,ok,,,"{""v"":""=1""}",,\r\n`, rows: 1, done: true });
    await pages.close();
    memory.close();
  });
});
