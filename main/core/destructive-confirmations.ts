import { CONFIRMATION_TTL_MS } from '../../shared/rules/profiles/safety.js';

/**
 * Confirm mode's one-time confirmations, held in main only: the window gets one by sending the typed name
 * (checked by the caller), and the router takes it for the next destructive operation. One at a time, bound to
 * the profile it was typed for, gone after one use or 60 s, so a stale or replayed confirmation covers nothing.
 */
export class DestructiveConfirmations {
  private pending: { profileId: string; expiresAt: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  grant(profileId: string): void {
    this.pending = { profileId, expiresAt: this.now() + CONFIRMATION_TTL_MS };
  }

  /** Uses up the confirmation: true only when one was granted for this profile and has not expired. */
  take(profileId: string): boolean {
    const p = this.pending;
    this.pending = undefined;
    return p !== undefined && p.profileId === profileId && this.now() <= p.expiresAt;
  }
}
