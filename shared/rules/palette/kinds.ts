/**
 * What the command palette finds (issue 17 part 2), as main indexes it and the renderer shows it. Screens are
 * matched in the renderer from the route table; every other kind comes from main's local index.
 */
export const PALETTE_KINDS = ['user', 'coach', 'prompt', 'marketing-link', 'feedback', 'flag'] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

/** The label shown beside a result, per kind. */
export const PALETTE_KIND_LABELS: Readonly<Record<PaletteKind | 'screen', string>> = {
  screen: 'Screen',
  user: 'User',
  coach: 'Coach',
  prompt: 'Prompt family',
  'marketing-link': 'Marketing link',
  feedback: 'Feedback',
  flag: 'Flag override',
};

/** The longest text the palette searches for; longer input is refused by the contract. */
export const PALETTE_QUERY_MAX = 200;
/** A NUL ends the FTS5 query string early in SQLite; nobody types one, so the contract refuses it with this. */
export const PALETTE_QUERY_NUL = 'The search text cannot contain a NUL character.';
/** Ids of indexed items are uuids, slugs or family keys: short. */
export const PALETTE_ID_MAX = 200;
/** Entities returned for one query, and the last opened items kept per admin. */
export const PALETTE_RESULT_MAX = 30;
export const PALETTE_RECENT_MAX = 20;

/** One entity result: main builds the route; the renderer only navigates to it. */
export interface PaletteItem {
  readonly kind: PaletteKind;
  readonly id: string;
  readonly title: string;
  readonly subtitle: string;
  /** An app route starting with /admin/. */
  readonly route: string;
  /** Opened from the palette before (ranked first). */
  readonly recent: boolean;
}

export interface PaletteResults {
  readonly items: readonly PaletteItem[];
}

export const PALETTE_MESSAGES = {
  notFound: 'That item is no longer in the local index.',
} as const;
