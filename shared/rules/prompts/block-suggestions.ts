/**
 * Block suggestions at sign-out (spec 1 sections 4, 7 and 9): refreshed when the last generation is over 24 hours
 * old, or when the user wrote new blocks or chat messages since it. Used by main at sign-out and by the embedded
 * `block-suggestions` function when it is not forced, so both decide the same way.
 */

/** Spec 1 section 9: block suggestions refresh interval, 24 hours. */
export const BLOCK_SUGGESTIONS_REFRESH_MS = 24 * 60 * 60 * 1000;

/** Sign-out never waits on the refresh for longer than this (issue 11). */
export const BLOCK_SUGGESTIONS_SIGN_OUT_WAIT_MS = 2000;

/** How many of the user's most recent blocks a generation draws on, and how many suggestions it records. */
export const BLOCK_SUGGESTIONS_SOURCE_BLOCKS = 5;
export const BLOCK_SUGGESTIONS_COUNT = 3;

/** What the decision needs: ISO timestamps (or null when there is none) and the current time. */
export interface BlockSuggestionsFacts {
  /** created_at of the user's latest generation; null when none was ever made. */
  readonly lastGeneratedAt: string | null;
  /** created_at of the user's newest block and newest chat message. */
  readonly latestBlockAt: string | null;
  readonly latestChatMessageAt: string | null;
}

const time = (iso: string | null): number | null => {
  if (iso === null) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

/**
 * Whether a refresh is due. A user who never had a generation is due. "Over 24 hours" is strict (exactly 24 hours
 * is not due) and "since" is strict (a block written in the same instant as the generation was part of it).
 */
export function blockSuggestionsDue(facts: BlockSuggestionsFacts, now: Date): boolean {
  const last = time(facts.lastGeneratedAt);
  if (last === null) return true;
  if (now.getTime() - last > BLOCK_SUGGESTIONS_REFRESH_MS) return true;
  const newer = (iso: string | null) => {
    const t = time(iso);
    return t !== null && t > last;
  };
  return newer(facts.latestBlockAt) || newer(facts.latestChatMessageAt);
}

/** The part of a block a suggestion quotes: its title, else the start of its text, on one line. */
export function blockLabel(block: { readonly title: string | null; readonly content: string }, max = 60): string {
  const raw = (block.title?.trim() || block.content).replace(/\s+/g, ' ').trim();
  return raw.length > max ? `${raw.slice(0, max - 1).trimEnd()}…` : raw;
}

/**
 * The demo backend has no model: a generation is deterministic text built from the user's recent blocks (newest
 * first), so that tests and administrators can tell what it was made from.
 */
export function demoSuggestions(blocks: readonly { readonly title: string | null; readonly content: string; readonly tags: readonly string[] }[]): string[] {
  const labelled = blocks.map((b) => ({ label: blockLabel(b), tags: b.tags })).filter((b) => b.label !== '');
  const out: string[] = labelled.slice(0, BLOCK_SUGGESTIONS_COUNT).map((b) => `Write more about "${b.label}".`);
  const tags = [...new Set(labelled.flatMap((b) => b.tags.map((t) => t.trim()).filter(Boolean)))];
  for (const tag of tags) {
    if (out.length >= BLOCK_SUGGESTIONS_COUNT) break;
    out.push(`Explore the theme #${tag} in a new block.`);
  }
  if (out.length === 0) out.push('Write about a moment from today that stayed with you.');
  return out;
}
