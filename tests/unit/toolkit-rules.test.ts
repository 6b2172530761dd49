import { describe, expect, it } from 'vitest';
import { CATEGORY_FILTERS, filterTools, TOOLS } from '../../shared/rules/toolkit/tools.js';
import {
  clickStep,
  EMPTY_PROGRESS,
  normaliseProgress,
  responsePreview,
  sameProgress,
  saveProblem,
  saveResponse,
  TOOLKIT_MESSAGES,
} from '../../shared/rules/toolkit/progress.js';

describe('toolkit tools', () => {
  it('has the six tools of the spec, each with steps, an icon, a time estimate and a difficulty', () => {
    expect(TOOLS.map((t) => t.title)).toEqual([
      'Strategic Thinking Framework',
      'Conversation Preparation',
      'Quick Reset Protocol',
      'Challenge Reframing',
      'Perspective Taking Exercise',
      'Capability Assessment',
    ]);
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(6);
    for (const t of TOOLS) {
      expect(t.steps.length).toBeGreaterThanOrEqual(3);
      expect(t.icon && t.timeEstimate && t.description).toBeTruthy();
      expect(['beginner', 'intermediate', 'advanced']).toContain(t.difficulty);
    }
  });

  it('filters by category: All Tools, Focus & Clarity, Communication, Resilience', () => {
    expect(CATEGORY_FILTERS.map((c) => c.label)).toEqual(['All Tools', 'Focus & Clarity', 'Communication', 'Resilience']);
    expect(filterTools('all')).toHaveLength(6);
    expect(filterTools('focus').map((t) => t.title)).toEqual(['Strategic Thinking Framework', 'Capability Assessment']);
    expect(filterTools('communication').map((t) => t.title)).toEqual(['Conversation Preparation', 'Perspective Taking Exercise']);
    expect(filterTools('resilience').map((t) => t.title)).toEqual(['Quick Reset Protocol', 'Challenge Reframing']);
  });
});

describe('toolkit progress rules', () => {
  it('tells saved from unsaved progress whatever the order steps were done in', () => {
    expect(
      sameProgress({ completedSteps: [2, 0], stepResponses: { '2': 'b', '0': 'a' } }, { completedSteps: [0, 2], stepResponses: { '0': 'a', '2': 'b' } }),
    ).toBe(true);
    expect(sameProgress(EMPTY_PROGRESS, { completedSteps: [], stepResponses: { '1': '' } })).toBe(true);
    expect(sameProgress(EMPTY_PROGRESS, { completedSteps: [1], stepResponses: {} })).toBe(false);
    expect(sameProgress({ completedSteps: [1], stepResponses: { '1': 'a' } }, { completedSteps: [1], stepResponses: { '1': 'a!' } })).toBe(false);
  });

  it('a step without a response opens the dialog; with one, a click toggles completion', () => {
    expect(clickStep(EMPTY_PROGRESS, 0)).toEqual({ openDialog: true });
    const answered = saveResponse(EMPTY_PROGRESS, 2, 'My answer');
    const off = clickStep(answered, 2);
    expect(off).toEqual({ openDialog: false, progress: { completedSteps: [], stepResponses: { '2': 'My answer' } } });
    const on = clickStep((off as { progress: typeof answered }).progress, 2);
    expect(on).toEqual({ openDialog: false, progress: { completedSteps: [2], stepResponses: { '2': 'My answer' } } });
  });

  it('saving a non-empty response completes the step; an empty one removes it and uncompletes the step', () => {
    let p = saveResponse(EMPTY_PROGRESS, 3, 'b');
    p = saveResponse(p, 1, 'a');
    expect(p).toEqual({ completedSteps: [1, 3], stepResponses: { '1': 'a', '3': 'b' } });
    p = saveResponse(p, 3, '');
    expect(p).toEqual({ completedSteps: [1], stepResponses: { '1': 'a' } });
    expect(clickStep(p, 3)).toEqual({ openDialog: true });
  });

  it('refuses to save with no completed step, or a completed step without a text response', () => {
    expect(saveProblem(EMPTY_PROGRESS)).toEqual({ kind: 'none-completed', message: TOOLKIT_MESSAGES.noneCompleted });
    // Only spaces: not empty, so the step is completed, but it is no text response.
    const spaces = saveResponse(saveResponse(EMPTY_PROGRESS, 0, 'Real answer'), 1, '   ');
    expect(spaces.completedSteps).toEqual([0, 1]);
    expect(saveProblem(spaces)).toEqual({
      kind: 'incomplete',
      title: 'Incomplete Responses',
      description: 'Please add text responses to all completed steps before saving.',
    });
    expect(saveProblem(saveResponse(spaces, 1, 'Now written'))).toBeNull();
    // An answered but unticked step does not block the save.
    const unticked = (clickStep(saveResponse(spaces, 1, 'x'), 1) as { progress: typeof spaces }).progress;
    expect(saveProblem(unticked)).toBeNull();
  });

  it('says where progress was saved in the words of the spec', () => {
    expect(TOOLKIT_MESSAGES.saved('Quick Reset Protocol')).toEqual({
      title: 'Progress Saved',
      description: 'Your progress on Quick Reset Protocol has been saved to your structure.',
    });
  });

  it('previews 100 characters of a response, counting characters rather than UTF-16 units', () => {
    expect(responsePreview('short')).toBe('short');
    expect(responsePreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(responsePreview('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
    expect(responsePreview('😀'.repeat(120))).toBe(`${'😀'.repeat(100)}…`);
  });

  it('keeps stored progress within the tool: known steps, no duplicates, no empty responses', () => {
    expect(normaliseProgress({ completedSteps: [4, 1, 1, 9, -1], stepResponses: { '1': 'a', '4': 'b', '9': 'c', x: 'd', '2': '' } }, 5)).toEqual({
      completedSteps: [1, 4],
      stepResponses: { '1': 'a', '4': 'b' },
    });
  });
});
