/**
 * SECURITY A1 for the answers main computes on this computer (the user list's and the analytics replicas, the
 * palette's index; contract entries marked `answersLocally`). Such an answer sends nothing to the server, so waiting
 * for a fresh admin check would add a round trip (50 to 200 ms to a hosted project) to a read that takes a few
 * milliseconds. It is released at once when this computer's check of the same user passed within
 * ADMIN_CHECK_REUSE_MS, and a fresh check runs in the background; a refusal of that check closes the window, so
 * the next local read waits for the server and is refused. A revoked administrator can therefore see, for at most
 * this long, data this computer already holds and they already saw: never data fetched for them, never a write
 * (writes and every other read re-check on each call).
 */
export const ADMIN_CHECK_REUSE_MS = 60_000;

/** Whether a check that passed at `passedAtMs` (its start) still lets a local answer go without a fresh one. */
export function adminCheckReusable(passedAtMs: number | undefined, nowMs: number): boolean {
  return passedAtMs !== undefined && nowMs >= passedAtMs && nowMs - passedAtMs < ADMIN_CHECK_REUSE_MS;
}
