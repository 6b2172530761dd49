// The audit screen's date range (local days to UTC instants, "To" inclusive) and the CSV record of an entry.
import { describe, expect, it } from 'vitest';
import { NO_FILTERS, toAuditFilters } from '../../renderer/audit/audit-filters.js';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_SOURCE, auditCsvCells } from '../../shared/rules/audit/csv.js';
import { csvLine } from '../../shared/rules/common/csv.js';

describe('audit filters', () => {
  it('sends only the filters set; "From" is the local start of the day and "To" the start of the next', () => {
    expect(toAuditFilters(NO_FILTERS)).toEqual({});
    const f = toAuditFilters({ adminId: 'a', area: 'banners', operation: 'banners.create', from: '2026-11-03', to: '2026-11-03' });
    expect(f).toEqual({
      adminId: 'a',
      area: 'banners',
      operation: 'banners.create',
      from: new Date(2026, 10, 3).toISOString(),
      to: new Date(2026, 10, 4).toISOString(),
    });
    expect(toAuditFilters({ ...NO_FILTERS, from: 'nonsense' })).toEqual({});
  });
});

describe('audit CSV', () => {
  it('writes one cell per column from the stored row, values as their JSON text, every cell neutralised by csvLine', () => {
    const stored = [
      3,
      '2026-11-24T08:00:00.000Z',
      'a1',
      'admin@example.com',
      'banners',
      'banners.update',
      'system_banners',
      'b1',
      'failed',
      'BACKEND_ERROR',
      '=HYPERLINK("x")',
      '{"id":"b1"}',
      '{"title":"x;=1"}',
      null,
    ];
    const cells = auditCsvCells(stored);
    expect(cells).toHaveLength(AUDIT_CSV_COLUMNS.length);
    expect(AUDIT_CSV_SOURCE).toHaveLength(AUDIT_CSV_COLUMNS.length);
    expect(cells).toEqual([
      '3',
      '2026-11-24T08:00:00.000Z',
      'a1',
      'admin@example.com',
      'banners',
      'banners.update',
      'system_banners',
      'b1',
      'failed',
      'BACKEND_ERROR',
      '=HYPERLINK("x")',
      '{"id":"b1"}',
      '{"title":"x;=1"}',
      '',
    ]);
    expect(csvLine(cells)).toBe(
      `3,2026-11-24T08:00:00.000Z,a1,admin@example.com,banners,banners.update,system_banners,b1,failed,BACKEND_ERROR,"'=HYPERLINK(""x"")","{""id"":""b1""}","{""title"":""x;'=1""}",`,
    );
    expect(auditCsvCells([1, 'at', null, null, 'a', 'o', null, null, 'ok', null, null, 'null', null, 'null'])).toEqual([
      '1',
      'at',
      '',
      '',
      'a',
      'o',
      '',
      '',
      'ok',
      '',
      '',
      '',
      '',
      '',
    ]);
  });
});
