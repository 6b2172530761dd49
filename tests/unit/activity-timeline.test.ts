import { describe, expect, it } from 'vitest';
import { boundFor, compareNewestFirst, groupByDay, mergePage, toMicros, type TimelineCursor } from '../../shared/rules/activity/timeline.js';

describe('activity timeline rules', () => {
  it('reads PostgreSQL timestamps to the microsecond, trailing zeros trimmed or not', () => {
    expect(toMicros('2030-01-01T00:00:00.12+00:00') - toMicros('2030-01-01T00:00:00+00:00')).toBe(120000);
    expect(toMicros('2030-01-01T00:00:00.123456+00:00') - toMicros('2030-01-01T00:00:00.12+00:00')).toBe(3456);
    expect(toMicros('2030-01-01T01:00:00+01:00')).toBe(toMicros('2030-01-01T00:00:00Z'));
  });

  it('orders by time, then kind, then id, newest first', () => {
    const at = '2030-01-01T00:00:00.5+00:00';
    const list = [
      { at, kind: 'feedback' as const, id: 'a' },
      { at: '2030-01-01T00:00:00.51+00:00', kind: 'coach_request' as const, id: 'z' },
      { at, kind: 'journal' as const, id: 'b' },
      { at, kind: 'journal' as const, id: 'c' },
    ].sort(compareNewestFirst);
    expect(list.map((x) => `${x.kind}:${x.id}`)).toEqual(['coach_request:z', 'journal:c', 'journal:b', 'feedback:a']);
  });

  it('bounds each kind after a cursor', () => {
    const c = { at: 'T', kind: 'journal' as const, id: 'x' };
    expect(boundFor('journal', c)).toEqual({ op: 'before-id', at: 'T', id: 'x' });
    expect(boundFor('feedback', c)).toEqual({ op: 'before-or-at', at: 'T' });
    expect(boundFor('signup', c)).toEqual({ op: 'before', at: 'T' });
    expect(boundFor('signup', null)).toEqual({ op: 'all' });
  });

  it('merges a page and gives the cursor only when more follow', () => {
    const a: TimelineCursor[] = [
      { at: '2030-01-03T00:00:00Z', kind: 'journal' as const, id: '1' },
      { at: '2030-01-01T00:00:00Z', kind: 'journal' as const, id: '2' },
    ];
    const b: TimelineCursor[] = [{ at: '2030-01-02T00:00:00Z', kind: 'signup' as const, id: '3' }];
    expect(mergePage([a, b], 2)).toEqual({ items: [a[0], b[0]], next: { at: b[0]!.at, kind: 'signup', id: '3' } });
    expect(mergePage([a, b], 3).next).toBeNull();
  });

  it('groups consecutive items by local day', () => {
    const groups = groupByDay([{ at: '2030-01-02T12:00:00' }, { at: '2030-01-02T08:00:00' }, { at: '2030-01-01T12:00:00' }]);
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([
      ['2030-01-02', 2],
      ['2030-01-01', 1],
    ]);
  });
});
