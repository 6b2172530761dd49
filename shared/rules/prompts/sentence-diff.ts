import { diffSentences } from 'diff';

/**
 * The history screens' compare view (spec 2): a diff by sentence, where a sentence is marked removed (on the old
 * side) or added (on the new side) when it is absent from the other side. diffSentences gives the order of both
 * texts; a sentence it reports as changed but that still occurs on the other side (a moved sentence) stays
 * unmarked, which is the spec's "absent from the other side".
 */

export type SegmentKind = 'same' | 'removed' | 'added';

export interface Segment {
  readonly kind: SegmentKind;
  readonly text: string;
}

export interface SentenceDiff {
  /** The old text, sentence by sentence, with removed sentences marked. */
  readonly before: readonly Segment[];
  /** The new text, with added sentences marked. */
  readonly after: readonly Segment[];
  readonly removed: number;
  readonly added: number;
}

/** Sentences end at . ! or ? followed by white space (diff's own rule); white space between them is kept as is. */
export function splitSentences(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ((c === '.' || c === '!' || c === '?') && /\s/.test(text[i + 1] ?? '')) {
      parts.push(text.slice(start, i + 1));
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] ?? '')) j++;
      parts.push(text.slice(i + 1, j));
      start = j;
      i = j - 1;
    }
  }
  if (start < text.length) parts.push(text.slice(start));
  return parts.filter((p) => p.length > 0);
}

const key = (sentence: string) => sentence.trim();

function push(out: Segment[], kind: SegmentKind, text: string): void {
  const last = out[out.length - 1];
  if (last && last.kind === kind) out[out.length - 1] = { kind, text: last.text + text };
  else out.push({ kind, text });
}

function mark(out: Segment[], text: string, kind: 'removed' | 'added', other: ReadonlySet<string>): number {
  let marked = 0;
  for (const part of splitSentences(text)) {
    const k = key(part);
    if (!k || other.has(k)) {
      push(out, 'same', part);
    } else {
      // Leading and trailing white space is not part of the sentence: keep it unmarked.
      const lead = /^\s*/.exec(part)?.[0] ?? '';
      const trail = /\s*$/.exec(part)?.[0] ?? '';
      if (lead) push(out, 'same', lead);
      push(out, kind, part.slice(lead.length, part.length - trail.length));
      if (trail) push(out, 'same', trail);
      marked += 1;
    }
  }
  return marked;
}

export function sentenceDiff(oldText: string, newText: string): SentenceDiff {
  const oldSet = new Set(splitSentences(oldText).map(key).filter(Boolean));
  const newSet = new Set(splitSentences(newText).map(key).filter(Boolean));
  const before: Segment[] = [];
  const after: Segment[] = [];
  let removed = 0;
  let added = 0;
  for (const change of diffSentences(oldText, newText)) {
    if (change.removed) removed += mark(before, change.value, 'removed', newSet);
    else if (change.added) added += mark(after, change.value, 'added', oldSet);
    else {
      push(before, 'same', change.value);
      push(after, 'same', change.value);
    }
  }
  return { before, after, removed, added };
}
