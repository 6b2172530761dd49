// The rank-based ordering behind the user list and the export: numbers and text, missing values last when
// ascending and first when descending, ties in list order both ways.
import { describe, expect, it } from 'vitest';
import { orderByRanks, ranksOf } from '../../shared/rules/common/sort-order.js';

const order = (values: (string | number | null)[], dir: 'asc' | 'desc') => [...orderByRanks(ranksOf(values), dir)];

describe('orders by ranks', () => {
  it('orders numbers, missing (null, NaN) last ascending, first descending, ties stable', () => {
    const v = [3, null, 1, 3, Number.NaN, -2, 1e12];
    expect(order(v, 'asc')).toEqual([5, 2, 0, 3, 6, 1, 4]);
    expect(order(v, 'desc')).toEqual([1, 4, 6, 0, 3, 2, 5]);
  });

  it('orders text by code units, the same in every locale', () => {
    const v = ['b', 'B', null, 'a', 'é', 'b'];
    expect(order(v, 'asc')).toEqual([1, 3, 0, 5, 4, 2]);
    expect(order(v, 'desc')).toEqual([2, 4, 0, 5, 3, 1]);
  });

  it('handles empty and all-missing lists', () => {
    expect(order([], 'asc')).toEqual([]);
    expect(order([null, null], 'desc')).toEqual([0, 1]);
  });
});
