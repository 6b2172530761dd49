/**
 * Reads and appends of the audit_log table of the audit file. Appends are one INSERT each in an immediate
 * transaction (the cache's one write pattern); reads page newest first by id (ids only grow, so id order is
 * recording order) with the filters in SQL.
 */
import type Database from 'better-sqlite3';
import type { AuditEntry, AuditFacets, AuditFilters, AuditOutcome, AuditPage, AuditSummary } from '../../shared/contract/areas/audit.js';
import { writeTransaction } from '../cache/transaction.js';
import type { AuditRecord } from './record.js';

interface Row {
  id: number;
  at: string;
  admin_id: string | null;
  admin_email: string | null;
  operation: string;
  area: string;
  target_table: string | null;
  target_id: string | null;
  outcome: AuditOutcome;
  error_code: string | null;
  error_message: string | null;
  input?: string | null;
  before?: string | null;
  after?: string | null;
}

const SUMMARY_COLUMNS = 'id, at, admin_id, admin_email, operation, area, target_table, target_id, outcome, error_code, error_message';

function summary(r: Row): AuditSummary {
  return {
    id: r.id,
    at: r.at,
    adminId: r.admin_id,
    adminEmail: r.admin_email,
    operation: r.operation,
    area: r.area,
    targetTable: r.target_table,
    targetId: r.target_id,
    outcome: r.outcome,
    errorCode: r.error_code,
    errorMessage: r.error_message,
  };
}

const parse = (s: string | null | undefined): unknown => (s == null ? null : JSON.parse(s));

/** Appends one entry; returns its id. */
export function appendAudit(db: Database.Database, rec: AuditRecord): number {
  return writeTransaction(db, () => {
    const info = db
      .prepare(
        `insert into audit_log (at, admin_id, admin_email, operation, area, target_table, target_id, input, before, after, outcome, error_code, error_message)
         values (@at, @adminId, @adminEmail, @operation, @area, @targetTable, @targetId, @input, @before, @after, @outcome, @errorCode, @errorMessage)`,
      )
      .run(rec);
    return Number(info.lastInsertRowid);
  });
}

/** The SQL of the screen's filters (and a page's upper bound), for the list and the export. */
export function auditWhere(filters: AuditFilters, before?: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (filters.adminId) add('admin_id = ?', filters.adminId);
  if (filters.area) add('area = ?', filters.area);
  if (filters.operation) add('operation = ?', filters.operation);
  // Stored as UTC ISO strings of one length, so text order is time order once the bounds are UTC too.
  if (filters.from) add('at >= ?', new Date(filters.from).toISOString());
  if (filters.to) add('at < ?', new Date(filters.to).toISOString());
  if (before !== undefined) add('id < ?', before);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

export function listAudit(db: Database.Database, filters: AuditFilters, before: number | undefined, pageSize: number): AuditPage {
  const w = auditWhere(filters, before);
  const rows = db.prepare(`select ${SUMMARY_COLUMNS} from audit_log ${w.sql} order by id desc limit ?`).all(...w.params, pageSize + 1) as Row[];
  return { items: rows.slice(0, pageSize).map(summary), more: rows.length > pageSize };
}

export function getAudit(db: Database.Database, id: number): AuditEntry | null {
  const r = db.prepare('select * from audit_log where id = ?').get(id) as Row | undefined;
  return r ? { ...summary(r), input: parse(r.input), before: parse(r.before), after: parse(r.after) } : null;
}

export function auditFacets(db: Database.Database): AuditFacets {
  const admins = db
    .prepare(`select admin_id as id, max(admin_email) as email from audit_log where admin_id is not null group by admin_id order by email`)
    .all() as { id: string; email: string | null }[];
  const col = (c: 'area' | 'operation') => (db.prepare(`select distinct ${c} as v from audit_log order by v`).all() as { v: string }[]).map((r) => r.v);
  return { admins: admins.map((a) => ({ id: a.id, email: a.email ?? a.id })), areas: col('area'), operations: col('operation') };
}
