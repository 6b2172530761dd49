import { describe, expect, it } from 'vitest';
import { takeTargetRowsBefore, withTargetRowsBefore } from '../../main/core/target-rows.js';

/**
 * Issue 31: the audit hook's read of a write's target before the call is the settled update's "before" too (one read,
 * not two): left in the call's context for the same table and match, taken once.
 */
describe('the target rows read before a call', () => {
  const banner = { table: 'system_banners', match: { eq: { id: 'b1' } } };

  it('is found by the same table and match (columns in any order), once, and by no other target', async () => {
    const flag = { table: 'user_feature_flags', match: { eq: { user_id: 'u1', feature_key: 'k' } } };
    await withTargetRowsBefore(flag, { id: 'f1' }, async () => {
      expect(takeTargetRowsBefore({ table: 'user_feature_flags', match: { eq: { user_id: 'u1', feature_key: 'other' } } })).toBeUndefined();
      expect(takeTargetRowsBefore({ table: 'profiles', match: flag.match })).toBeUndefined();
      expect(takeTargetRowsBefore({ table: 'user_feature_flags', match: { eq: { feature_key: 'k', user_id: 'u1' } } })).toEqual({ rows: { id: 'f1' } });
      // A second update of the same row in one operation: the rows read before the first are not its "before".
      expect(takeTargetRowsBefore(flag)).toBeUndefined();
    });
  });

  it('keeps a failed read apart from no read, and stays within its call', async () => {
    await withTargetRowsBefore(banner, undefined, async () => {
      await Promise.resolve();
      expect(takeTargetRowsBefore(banner)).toEqual({ rows: undefined });
    });
    expect(takeTargetRowsBefore(banner)).toBeUndefined();
    const calls = [
      withTargetRowsBefore(banner, { id: 'b1', n: 1 }, async () => takeTargetRowsBefore(banner)),
      withTargetRowsBefore(banner, { id: 'b1', n: 2 }, async () => takeTargetRowsBefore(banner)),
    ];
    expect(await Promise.all(calls)).toEqual([{ rows: { id: 'b1', n: 1 } }, { rows: { id: 'b1', n: 2 } }]);
  });
});
