import type { AdminUserRow } from '../../../shared/types/users.js';

/** How long the last loaded list may stand in for a new read when exporting. */
export const LIST_SNAPSHOT_MAX_AGE_MS = 5 * 60_000;

interface Snapshot {
  readonly owner: object;
  readonly adminId: string;
  readonly rows: readonly AdminUserRow[];
  readonly at: number;
}

/**
 * The list main last sent to the screen, kept for a few minutes so that Export writes what the administrator is
 * looking at without reading 100,000 users from the backend again (issue 3: 2 s for the export). It belongs to
 * one connection and one signed-in administrator; anything else, a deletion or age makes export read afresh.
 */
export class UserListSnapshot {
  private current: Snapshot | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly maxAgeMs = LIST_SNAPSHOT_MAX_AGE_MS, private readonly now: () => number = Date.now) {}

  remember(owner: object, adminId: string, rows: readonly AdminUserRow[]): void {
    this.current = { owner, adminId, rows, at: this.now() };
    // Let go of the rows when they may no longer be used, instead of holding them until the next load.
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.clear(), this.maxAgeMs);
    this.timer.unref?.();
  }

  take(owner: object, adminId: string): readonly AdminUserRow[] | undefined {
    const s = this.current;
    if (!s || s.owner !== owner || s.adminId !== adminId || this.now() - s.at > this.maxAgeMs) return undefined;
    return s.rows;
  }

  clear(): void {
    this.current = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
