import { CHUNK_CHARS } from './limits.js';

/**
 * Splits text into chunks of at most `max` characters at sentence boundaries (Intl.Segmenter knows them in every
 * script). A sentence longer than `max` is cut at word boundaries, and a word longer than `max` (no spaces at all)
 * at grapheme boundaries, so no chunk ever cuts a character, surrogate pair or combined emoji in two.
 */
export function splitIntoChunks(text: string, max: number = CHUNK_CHARS): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    const t = current.trim();
    if (t) chunks.push(t);
    current = '';
  };
  const add = (piece: string) => {
    if (current.length + piece.length > max) flush();
    current += piece;
  };
  for (const sentence of segments(text, 'sentence')) {
    if (sentence.length <= max) {
      add(sentence);
      continue;
    }
    for (const word of segments(sentence, 'word')) {
      if (word.length <= max) add(word);
      else for (const g of segments(word, 'grapheme')) add(g);
    }
  }
  flush();
  return chunks;
}

function segments(text: string, granularity: 'sentence' | 'word' | 'grapheme'): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity }).segment(text), (s) => s.segment);
}
