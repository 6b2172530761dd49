import { describe, expect, it } from 'vitest';
import {
  ENTRY_ANALYSIS_PREVIEW_LENGTH,
  NO_SELECTION,
  PREVIEW_LENGTH,
  ROLLBACK_CHANGE_REASON,
  VARIETY_PROMPT_BLANK,
  addVarietyPrompt,
  canCompare,
  canRollback,
  compareReady,
  creatorLabel,
  nextVersion,
  pickForCompare,
  preview,
  rollbackNotes,
  sameJson,
  saveProblem,
  swapCompare,
  compareSides,
  type CompareSelection,
} from '../../shared/rules/prompts/versions.js';
import { matchingPreset, normaliseParams, snap } from '../../shared/rules/versions/params.js';
import { COACH_PARAM_RANGES, COACH_PRESETS, DEFAULT_COACH_PARAMS, normaliseCoachParams } from '../../shared/rules/coaches/params.js';

describe('version numbering, previews and rollback records (spec 2 section 4)', () => {
  it('numbers a save one above the highest version, or 1 for an empty family', () => {
    expect(nextVersion([])).toBe(1);
    expect(nextVersion([1, 2, 3])).toBe(4);
    expect(nextVersion([4, 1, 7, 2])).toBe(8);
  });

  it('previews 150 characters (500 for entry analysis) with an ellipsis only when cut', () => {
    expect(PREVIEW_LENGTH).toBe(150);
    expect(ENTRY_ANALYSIS_PREVIEW_LENGTH).toBe(500);
    const text = 'x'.repeat(151);
    expect(preview(text)).toBe(`${'x'.repeat(150)}...`);
    expect(preview('x'.repeat(150))).toBe('x'.repeat(150));
    expect(preview('y'.repeat(600), ENTRY_ANALYSIS_PREVIEW_LENGTH)).toBe(`${'y'.repeat(500)}...`);
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(preview(`${'a'.repeat(149)}😀😀`)).toBe(`${'a'.repeat(149)}😀...`);
  });

  it("writes rollbacks as 'Rolled back to version N' with change_reason rollback, never for the current version", () => {
    expect(rollbackNotes(2)).toBe('Rolled back to version 2');
    expect(ROLLBACK_CHANGE_REASON).toBe('rollback');
    expect(canRollback({ isActive: true })).toBe(false);
    expect(canRollback({ isActive: false })).toBe(true);
  });

  it('shows the creator as Admin User when created_by is set, otherwise System', () => {
    expect(creatorLabel('9a3e0d1c-0000-4000-8000-000000000000')).toBe('Admin User');
    expect(creatorLabel(null)).toBe('System');
    expect(creatorLabel(undefined)).toBe('System');
    expect(creatorLabel('')).toBe('System');
  });
});

describe('compare selection (first pick, second pick, a third restarts; swap)', () => {
  it('needs at least two versions', () => {
    expect(canCompare(1)).toBe(false);
    expect(canCompare(2)).toBe(true);
  });

  it('walks first, second, then restarts on a third pick', () => {
    let s: CompareSelection = NO_SELECTION;
    s = pickForCompare(s, 'a');
    expect(s).toEqual({ first: 'a', second: null });
    expect(compareReady(s)).toBe(false);
    s = pickForCompare(s, 'b');
    expect(s).toEqual({ first: 'a', second: 'b' });
    expect(compareReady(s)).toBe(true);
    s = pickForCompare(s, 'c');
    expect(s).toEqual({ first: 'c', second: null });
    expect(compareReady(s)).toBe(false);
    // Picking a version already in a full selection also restarts with it.
    expect(pickForCompare({ first: 'a', second: 'b' }, 'a')).toEqual({ first: 'a', second: null });
  });

  it('clears the lone first pick when it is picked again, so the second is always a different version', () => {
    expect(pickForCompare({ first: 'a', second: null }, 'a')).toEqual(NO_SELECTION);
    expect(compareReady({ first: 'a', second: 'a' })).toBe(false);
  });

  it('swaps the sides on screen, keeping the picks', () => {
    expect(swapCompare({ first: 'a', second: 'b' })).toEqual({ first: 'a', second: 'b', flipped: true });
    expect(swapCompare(swapCompare({ first: 'a', second: 'b' }))).toEqual({ first: 'a', second: 'b', flipped: false });
  });

  it('reads older to newer whichever version was picked first; Swap only moves the sides', () => {
    const v1 = { id: 'a', version: 1 };
    const v3 = { id: 'c', version: 3 };
    expect(compareSides(v1, v3)).toEqual({ older: v1, newer: v3, left: v1, right: v3 });
    // Newest picked first: still older on the left, and the diff still runs from version 1 to version 3.
    expect(compareSides(v3, v1)).toEqual({ older: v1, newer: v3, left: v1, right: v3 });
    expect(compareSides(v3, v1, true)).toEqual({ older: v1, newer: v3, left: v3, right: v1 });
  });
});

describe('a save needs non-blank text and a change', () => {
  const params = { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash' };
  it('refuses blank text, even with changed parameters', () => {
    expect(saveProblem({ text: '  \n\t ' }, null)).toBe('blank');
    expect(saveProblem({ text: '', extra: { ...params, topK: 1 } }, { text: 'x', extra: params })).toBe('blank');
  });
  it('accepts any text when there is no current version', () => {
    expect(saveProblem({ text: 'Hello.' }, null)).toBeNull();
  });
  it('refuses the same text with the same parameters, whatever their key order', () => {
    const reordered = { model: 'gemini-2.5-flash', topP: 0.95, topK: 40, temperature: 0.7 };
    expect(saveProblem({ text: 'Same.', extra: params }, { text: 'Same.', extra: reordered })).toBe('unchanged');
  });
  it('accepts a change of text, or of parameters alone', () => {
    expect(saveProblem({ text: 'New.', extra: params }, { text: 'Old.', extra: params })).toBeNull();
    expect(saveProblem({ text: 'Same.', extra: { ...params, temperature: 0.3 } }, { text: 'Same.', extra: params })).toBeNull();
    expect(saveProblem({ text: 'Same.', extra: { title: 'B' } }, { text: 'Same.', extra: { title: 'A' } })).toBeNull();
    // Whitespace is text too: a trailing space is a change.
    expect(saveProblem({ text: 'Same. ' }, { text: 'Same.' })).toBeNull();
  });
  it('compares JSON deeply, treating undefined members as absent', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe('generation parameters', () => {
  it('has the coach ranges, presets and defaults of spec 2 sections 5 and 9', () => {
    expect(COACH_PARAM_RANGES).toEqual({
      temperature: { min: 0.1, max: 1, step: 0.1 },
      topK: { min: 1, max: 100, step: 1 },
      topP: { min: 0.1, max: 1, step: 0.01 },
    });
    expect(COACH_PRESETS).toEqual([
      { name: 'Conservative', temperature: 0.3, topK: 10, topP: 0.8 },
      { name: 'Balanced', temperature: 0.7, topK: 40, topP: 0.95 },
      { name: 'Creative', temperature: 0.9, topK: 50, topP: 0.98 },
      { name: 'Experimental', temperature: 1, topK: 100, topP: 0.99 },
    ]);
    expect(DEFAULT_COACH_PARAMS).toEqual({ temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] });
  });

  it('snaps slider values to the step and clamps them to the range', () => {
    expect(snap(0.1 + 0.2, COACH_PARAM_RANGES.temperature)).toBe(0.3);
    expect(snap(0.956, COACH_PARAM_RANGES.topP)).toBe(0.96);
    expect(snap(0, COACH_PARAM_RANGES.temperature)).toBe(0.1);
    expect(snap(250, COACH_PARAM_RANGES.topK)).toBe(100);
  });

  it('completes stored parameters with the defaults and recognises presets', () => {
    expect(normaliseCoachParams(null)).toEqual(DEFAULT_COACH_PARAMS);
    expect(normaliseCoachParams({ temperature: 0.9, topK: 50, topP: 0.98 })).toEqual({ ...DEFAULT_COACH_PARAMS, temperature: 0.9, topK: 50, topP: 0.98 });
    expect(normaliseParams({ variety_prompts: ['a', 3] }, DEFAULT_COACH_PARAMS).variety_prompts).toEqual(['a']);
    expect(matchingPreset(normaliseCoachParams({ temperature: 0.9, topK: 50, topP: 0.98 }), COACH_PRESETS)?.name).toBe('Creative');
    expect(matchingPreset(normaliseCoachParams({ temperature: 0.5 }), COACH_PRESETS)).toBeUndefined();
  });

  it('adds a variety prompt only when non-blank after trimming, once', () => {
    expect(addVarietyPrompt([], '   ')).toBeNull();
    expect(VARIETY_PROMPT_BLANK).toBe('A variety prompt cannot be empty.');
    expect(addVarietyPrompt(['a'], '  b  ')).toEqual(['a', 'b']);
    expect(addVarietyPrompt(['a'], 'a')).toEqual(['a']);
  });
});
