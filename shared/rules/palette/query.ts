/**
 * Turning what the administrator typed into an FTS5 query. The index uses the trigram tokenizer (a
 * substring of an e-mail or an id matches, which word prefixes alone do not give), so every whitespace-separated
 * word becomes one quoted string: inside double quotes FTS5 reads `*`, `-`, `:`, `^`, `(`, AND/OR/NOT/NEAR as
 * plain characters, and a `"` is written twice. Words are ANDed. A trigram needs three characters: shorter
 * words cannot be looked up in the index and are checked as substrings of the matched rows instead.
 */
export interface PaletteQuery {
  /** The FTS5 MATCH expression, or null when no word has three characters. */
  readonly match: string | null;
  /** Lower-cased words under three characters, each of which a result must contain. */
  readonly short: readonly string[];
  /** Every lower-cased word (for ranking word-prefix matches first). */
  readonly words: readonly string[];
}

export const TRIGRAM = 3;
/** More words than this add nothing but work; the rest are ignored. */
export const QUERY_WORDS_MAX = 8;

export function splitWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w.length > 0)
    .slice(0, QUERY_WORDS_MAX);
}

export function quoteFts(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

export function buildPaletteQuery(text: string): PaletteQuery {
  const words = splitWords(text);
  const long = words.filter((w) => [...w].length >= TRIGRAM);
  return {
    match: long.length > 0 ? long.map(quoteFts).join(' ') : null,
    short: words.filter((w) => [...w].length < TRIGRAM),
    words,
  };
}

/**
 * Order of the results: recently opened first, then items where every word starts a word of the title or
 * search terms (prefix match on words), then the other substring matches; shorter titles first within a band.
 */
export function paletteScore(terms: string, title: string, words: readonly string[], recentRank: number | undefined): number {
  const starts = words.every((w) => wordStart(terms, w));
  const band = recentRank !== undefined ? 0 : starts ? 1 : 2;
  return band * 1_000_000 + (recentRank ?? 0) * 1000 + Math.min(title.length, 999);
}

/** A word starts after a non-alphanumeric character (e-mail parts, slugs, dotted names). */
function wordStart(terms: string, w: string): boolean {
  let at = terms.indexOf(w);
  while (at >= 0) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(terms[at - 1]!)) return true;
    at = terms.indexOf(w, at + 1);
  }
  return false;
}
