import { describe, expect, it } from 'vitest';
import {
  BLOCK_SUGGESTIONS_REFRESH_MS,
  BLOCK_SUGGESTIONS_SIGN_OUT_WAIT_MS,
  blockLabel,
  blockSuggestionsDue,
  demoSuggestions,
} from '../../shared/rules/prompts/block-suggestions.js';

/** Spec 1 sections 4, 7 and 9: the sign-out refresh rule, at its edges. */

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const H = 60 * 60 * 1000;

describe('block suggestions refresh rule', () => {
  it('has the spec constants: 24 hours, and 2 seconds of sign-out wait', () => {
    expect(BLOCK_SUGGESTIONS_REFRESH_MS).toBe(24 * H);
    expect(BLOCK_SUGGESTIONS_SIGN_OUT_WAIT_MS).toBe(2000);
  });

  it('is due when there was never a generation, whatever the content', () => {
    expect(blockSuggestionsDue({ lastGeneratedAt: null, latestBlockAt: null, latestChatMessageAt: null }, now)).toBe(true);
    expect(blockSuggestionsDue({ lastGeneratedAt: null, latestBlockAt: ago(H), latestChatMessageAt: null }, now)).toBe(true);
  });

  it('is due only when the last generation is more than 24 hours old', () => {
    const at = (last: string) => blockSuggestionsDue({ lastGeneratedAt: last, latestBlockAt: null, latestChatMessageAt: null }, now);
    expect(at(ago(24 * H - 1))).toBe(false);
    expect(at(ago(24 * H))).toBe(false);
    expect(at(ago(24 * H + 1))).toBe(true);
    expect(at(ago(30 * 24 * H))).toBe(true);
    // A generation stamped after now (clock skew) is recent, not old.
    expect(at(ago(-H))).toBe(false);
  });

  it('is due when a block or a chat message is newer than the last generation (strictly)', () => {
    const last = ago(H);
    const with_ = (block: string | null, chat: string | null) =>
      blockSuggestionsDue({ lastGeneratedAt: last, latestBlockAt: block, latestChatMessageAt: chat }, now);
    expect(with_(null, null)).toBe(false);
    expect(with_(last, last)).toBe(false);
    expect(with_(ago(H + 1), ago(2 * H))).toBe(false);
    expect(with_(ago(H - 1), null)).toBe(true);
    expect(with_(null, ago(H - 1))).toBe(true);
    expect(with_(ago(2 * H), ago(H - 1))).toBe(true);
  });

  it('reads timestamps as PostgREST and the function give them (offsets, microseconds)', () => {
    const facts = { lastGeneratedAt: '2026-03-10T10:00:00.000000+00:00', latestBlockAt: '2026-03-10T10:00:00.500000Z', latestChatMessageAt: null };
    expect(blockSuggestionsDue(facts, now)).toBe(true);
    expect(blockSuggestionsDue({ ...facts, latestBlockAt: '2026-03-10T09:59:59.999999Z' }, now)).toBe(false);
    // An unreadable block time does not count as new.
    expect(blockSuggestionsDue({ ...facts, latestBlockAt: 'not a date' }, now)).toBe(false);
  });
});

describe('demo generation text', () => {
  it('quotes the newest blocks by title, else their text, on one line', () => {
    expect(blockLabel({ title: '  Morning  ', content: 'x' })).toBe('Morning');
    expect(blockLabel({ title: null, content: 'A long\nday   at work' })).toBe('A long day at work');
    expect(blockLabel({ title: '', content: 'a'.repeat(80) })).toBe(`${'a'.repeat(59)}…`);
  });

  it('makes up to three suggestions from blocks, then their tags, with a starter when there is nothing', () => {
    expect(demoSuggestions([])).toEqual(['Write about a moment from today that stayed with you.']);
    expect(demoSuggestions([{ title: 'Walk', content: '', tags: ['nature', 'calm'] }])).toEqual([
      'Write more about "Walk".',
      'Explore the theme #nature in a new block.',
      'Explore the theme #calm in a new block.',
    ]);
    const many = ['A', 'B', 'C', 'D'].map((t) => ({ title: t, content: '', tags: ['t'] }));
    expect(demoSuggestions(many)).toEqual(['Write more about "A".', 'Write more about "B".', 'Write more about "C".']);
    expect(demoSuggestions([{ title: null, content: '   ', tags: [] }])).toEqual(['Write about a moment from today that stayed with you.']);
  });
});
