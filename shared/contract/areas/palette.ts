import { z } from 'zod';
import { op } from '../define.js';
import { auditNotRecorded } from '../facts.js';
import { PALETTE_ID_MAX, PALETTE_KINDS, PALETTE_QUERY_MAX, PALETTE_QUERY_NUL, type PaletteItem, type PaletteResults } from '../../rules/palette/kinds.js';

/**
 * The command palette (issue 17 part 2): entities found in main's local index (users, coaches, prompt families,
 * marketing links, feedback items, flag overrides) and the administrator's recently opened ones. Main builds
 * every route; the renderer sends only the text typed and, on open, the kind and id of a result it was given.
 */
export const palette = {
  /** Matches for the text (trimmed); empty text: the recently opened items, newest first. */
  search: op<PaletteResults>()({
    input: z.strictObject({
      query: z
        .string()
        .max(PALETTE_QUERY_MAX, `At most ${PALETTE_QUERY_MAX} characters`)
        .refine((q) => !q.includes('\0'), PALETTE_QUERY_NUL),
    }),
    kind: 'read',
    access: 'admin',
    answersLocally: true,
  }),
  /** Remembers an opened result as recent (this computer only; nothing in the project changes). */
  opened: op<PaletteItem>()({
    input: z.strictObject({ kind: z.enum(PALETTE_KINDS), id: z.string().min(1).max(PALETTE_ID_MAX) }),
    kind: 'write',
    effect: 'local',
    audit: auditNotRecorded("Notes an item as recently opened in this computer's palette; recording it would bury the changes the log is for."),
    access: 'admin',
    invalidates: ['palette.search'],
  }),
};
