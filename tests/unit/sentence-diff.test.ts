import { describe, expect, it } from 'vitest';
import { sentenceDiff, splitSentences } from '../../shared/rules/prompts/sentence-diff.js';

const marked = (segments: readonly { kind: string; text: string }[], kind: string) => segments.filter((s) => s.kind === kind).map((s) => s.text);
const joined = (segments: readonly { text: string }[]) => segments.map((s) => s.text).join('');

describe('sentence diff (spec 2: sentences absent from the other side are marked removed or added)', () => {
  it('splits at . ! ? followed by white space, keeping the white space', () => {
    expect(splitSentences('One. Two!  Three?\nFour')).toEqual(['One.', ' ', 'Two!', '  ', 'Three?', '\n', 'Four']);
    expect(splitSentences('Version 1.5 is out. Yes')).toEqual(['Version 1.5 is out.', ' ', 'Yes']);
    expect(splitSentences('')).toEqual([]);
  });

  it('marks a replaced sentence removed on the old side and added on the new', () => {
    const d = sentenceDiff('Be kind. Ask one question. End warmly.', 'Be kind. Offer one experiment. End warmly.');
    expect(marked(d.before, 'removed')).toEqual(['Ask one question.']);
    expect(marked(d.after, 'added')).toEqual(['Offer one experiment.']);
    expect(d.before.some((s) => s.kind === 'added')).toBe(false);
    expect(d.after.some((s) => s.kind === 'removed')).toBe(false);
    expect([d.removed, d.added]).toEqual([1, 1]);
  });

  it('keeps each side whole: the segments join back to the original texts', () => {
    const a = 'First line.\n\nSecond one! Third?';
    const b = 'First line.\nA new one. Third?';
    const d = sentenceDiff(a, b);
    expect(joined(d.before)).toBe(a);
    expect(joined(d.after)).toBe(b);
  });

  it('does not mark a sentence that only moved, since it is present on the other side', () => {
    const d = sentenceDiff('A one. B two. C three.', 'C three. A one. B two.');
    expect([d.removed, d.added]).toEqual([0, 0]);
  });

  it('marks nothing for equal texts and everything for a new text', () => {
    expect(sentenceDiff('Same. Text.', 'Same. Text.')).toMatchObject({ removed: 0, added: 0 });
    const d = sentenceDiff('', 'All new. Really.');
    expect(marked(d.after, 'added')).toEqual(['All new.', 'Really.']);
    expect(d.before).toEqual([]);
  });

  it('marks a sentence changed by one word, and never marks white space alone', () => {
    const d = sentenceDiff('Ask gently. Then listen.', 'Ask gently. Then listen carefully.');
    expect(marked(d.before, 'removed')).toEqual(['Then listen.']);
    expect(marked(d.after, 'added')).toEqual(['Then listen carefully.']);
    for (const s of [...d.before, ...d.after]) if (s.kind !== 'same') expect(s.text.trim()).toBe(s.text);
  });
});
