import { describe, expect, it } from 'vitest';
import { filterJobs, importStats, successRate, type ImportJob } from '../../shared/rules/imports/jobs.js';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 'a',
  filename: 'notes.csv',
  importType: 'journal_entries',
  status: 'completed',
  creatorEmail: 'admin@x.io',
  targetEmail: 'ann@x.io',
  totalRows: 10,
  processedRows: 10,
  successfulRows: 10,
  failedRows: 0,
  progress: 100,
  errorMessage: null,
  errorDetails: null,
  startedAt: null,
  completedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  ...over,
});

describe('import rules', () => {
  it('success rate is successful over processed, rounded, 0 if none processed', () => {
    expect(successRate({ successfulRows: 147, processedRows: 150 })).toBe(98);
    expect(successRate({ successfulRows: 1, processedRows: 3 })).toBe(33);
    expect(successRate({ successfulRows: 0, processedRows: 0 })).toBe(0);
  });
  it('searches filename and both e-mails, filters by status, newest first', () => {
    const list = [
      job({ id: '1' }),
      job({ id: '2', filename: 'b.json', targetEmail: 'BOB@x.io', status: 'failed', createdAt: '2026-11-02T00:00:00Z' }),
      job({ id: '3', creatorEmail: 'carol@x.io', filename: 'c.csv' }),
    ];
    expect(filterJobs(list, 'bob', 'all').map((j) => j.id)).toEqual(['2']);
    expect(filterJobs(list, 'CAROL', 'all').map((j) => j.id)).toEqual(['3']);
    expect(filterJobs(list, '.csv', 'completed').map((j) => j.id)).toEqual(['1', '3']);
    expect(filterJobs(list, '', 'all').map((j) => j.id)).toEqual(['2', '1', '3']);
    expect(importStats(list)).toEqual({ total: 3, running: 0, completed: 2, failed: 1, rowsProcessed: 30 });
  });
});
