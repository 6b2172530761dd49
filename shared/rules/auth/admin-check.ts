/**
 * SECURITY A1 for the answers main computes on this computer (the user list's and the analytics replicas, the
 * palette's index; contract entries marked `answersLocally`). Such an answer sends nothing to the server, so waiting
 * for a fresh admin check would add a round trip (50 to 200 ms to a hosted project) to a read that takes a few
 * milliseconds. It is released at once when this computer's check of the same user passed within
 * ADMIN_CHECK_REUSE_MS, and a fresh check runs in the background; a refusal of that check closes the window, so
 * the next local read waits for the server and is refused. A revoked administrator can therefore see, for at most
 * this long, data this computer already holds and they already saw: never data fetched for them, never a write
 * (writes and every other read re-check on each call).
 *
 * Only while the app has no reason to think the backend unreachable: once a request (the background check, any
 * other call) could not reach it, a local answer waits for its check as before, so it takes the offline form
 * ("Offline: showing data from ...", or the screen's error when nothing is held) and never passes for an online one.
 */
export const ADMIN_CHECK_REUSE_MS = 60_000;

/** Whether a check that passed at `passedAtMs` (its start) still lets a local answer go without a fresh one. */
export function adminCheckReusable(passedAtMs: number | undefined, nowMs: number): boolean {
  return passedAtMs !== undefined && nowMs >= passedAtMs && nowMs - passedAtMs < ADMIN_CHECK_REUSE_MS;
}

/** A local answer goes at once only on a fresh check AND a backend last found reachable; otherwise it waits. */
export function answersLocallyAtOnce(passedAtMs: number | undefined, nowMs: number, backendReachable: boolean): boolean {
  return backendReachable && adminCheckReusable(passedAtMs, nowMs);
}
