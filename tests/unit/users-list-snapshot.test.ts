import { describe, expect, it } from 'vitest';
import { UserListSnapshot } from '../../main/services/users/list-snapshot.js';
import type { AdminUserRow } from '../../shared/types/users.js';

const rows = [{ user_id: 'u1' }] as unknown as AdminUserRow[];

describe('the list main keeps for the export', () => {
  it('serves the same connection and administrator while fresh', () => {
    let t = 0;
    const snap = new UserListSnapshot(1000, () => t);
    const conn = {};
    snap.remember(conn, 'admin-1', rows);
    expect(snap.take(conn, 'admin-1')).toBe(rows);
    t = 1001;
    expect(snap.take(conn, 'admin-1')).toBeUndefined();
  });

  it('is not served to another connection or administrator, nor after clear (a deletion)', () => {
    const snap = new UserListSnapshot();
    const conn = {};
    snap.remember(conn, 'admin-1', rows);
    expect(snap.take({}, 'admin-1')).toBeUndefined();
    expect(snap.take(conn, 'admin-2')).toBeUndefined();
    snap.clear();
    expect(snap.take(conn, 'admin-1')).toBeUndefined();
  });
});
