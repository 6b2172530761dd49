import { describe, expect, it } from 'vitest';
import { addTag, canAddTag, cleanTags, removeTag } from '../../shared/rules/feedback/tags.js';
import { cardDescription, cardTitle, filterFeedback, tagSummary } from '../../shared/rules/feedback/list.js';
import { BOARD_COLUMNS, columnOf, FEEDBACK_MESSAGES, LIVE_STATUSES } from '../../shared/rules/feedback/model.js';
import { FEEDBACK_CSV_COLUMNS, feedbackCsvRecord, feedbackExportFileName } from '../../shared/rules/feedback/csv.js';
import type { FeedbackItem } from '../../shared/rules/feedback/types.js';

const item = (over: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  type: 'bug',
  title: 'Crash on save',
  description: 'It crashes\nwhen I save',
  status: 'new',
  tags: ['bug', 'ui', 'mobile'],
  attachmentUrl: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

describe('feedback tags', () => {
  it('trims, refuses blanks and duplicates, and removes by click', () => {
    expect(canAddTag(['bug'], '  ')).toBe(false);
    expect(canAddTag(['bug'], ' bug ')).toBe(false);
    expect(canAddTag(['bug'], 'ux')).toBe(true);
    expect(addTag(['bug'], '  ux ')).toEqual(['bug', 'ux']);
    expect(addTag(['bug'], 'bug')).toEqual(['bug']);
    expect(addTag(['bug'], '')).toEqual(['bug']);
    expect(removeTag(['bug', 'ux'], 'bug')).toEqual(['ux']);
    expect(cleanTags([' a', 'a', '', 'b '])).toEqual(['a', 'b']);
  });
});

describe('feedback cards and filters', () => {
  it('cuts the title at 50 and the first description line at 80, and shows 2 tags then +N', () => {
    expect(cardTitle('x'.repeat(50))).toBe('x'.repeat(50));
    expect(cardTitle('x'.repeat(51))).toBe(`${'x'.repeat(50)}...`);
    expect(cardDescription(`${'y'.repeat(90)}\nsecond`)).toBe(`${'y'.repeat(80)}...`);
    expect(cardDescription('first\nsecond')).toBe('first');
    expect(tagSummary(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(tagSummary(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('searches title and description, case-insensitively, with the type filter', () => {
    const items = [item(), item({ id: '2', type: 'feature', title: 'Dark mode', description: 'Please' })];
    expect(filterFeedback(items, 'CRASH', 'all').map((i) => i.id)).toEqual([items[0]!.id]);
    expect(filterFeedback(items, 'when i save', 'all')).toHaveLength(1);
    expect(filterFeedback(items, '', 'feature').map((i) => i.id)).toEqual(['2']);
    expect(filterFeedback(items, 'crash', 'feature')).toEqual([]);
  });

  it('puts every live status in exactly one column', () => {
    for (const s of LIVE_STATUSES) expect(BOARD_COLUMNS.filter((c) => (c.statuses as readonly string[]).includes(s))).toHaveLength(1);
    expect(columnOf('closed')).toBe('done');
    expect(columnOf('deleted')).toBeNull();
    expect(BOARD_COLUMNS.map((c) => c.title)).toEqual(['New', 'Reviewed', 'In Progress', 'Resolved / Closed']);
  });

  it('says the trash footer texts exactly', () => {
    expect(FEEDBACK_MESSAGES.showingDeleted(3, 10)).toBe('Showing 3 of 10 deleted feedback submissions');
    expect(FEEDBACK_MESSAGES.selected(2)).toBe('2 selected');
    expect(FEEDBACK_MESSAGES.restoreN(2)).toBe('Restore (2)');
    expect(FEEDBACK_MESSAGES.purgeN(2)).toBe('Permanently Delete (2)');
  });
});

describe('feedback CSV', () => {
  it('has the nine columns, a dated name, and neutralised cells', () => {
    expect(FEEDBACK_CSV_COLUMNS).toEqual(['ID', 'Type', 'Title', 'Description', 'Status', 'Tags', 'Has Attachment', 'Created At', 'Updated At']);
    expect(feedbackExportFileName(new Date(2026, 10, 24, 12))).toBe('feedback-2026-11-24.csv');
    const record = feedbackCsvRecord(item({ title: '=HYPERLINK("http://x","y")', description: '+1', attachmentUrl: 'https://a' }));
    expect(record[2]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(record[3]).toBe(`'+1`);
    expect(record[5]).toBe('bug, ui, mobile');
    expect(record[6]).toBe('Yes');
  });
});
