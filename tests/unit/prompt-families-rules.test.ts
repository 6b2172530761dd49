import { describe, expect, it } from 'vitest';
import {
  ENTRY_ANALYSIS_PLACEHOLDERS,
  FAMILY_PARAM_RANGES,
  FAMILY_SPECS,
  MIRROR_DEFAULT_TEXTS,
  familyParams,
  placeholderToken,
} from '../../shared/rules/prompts/families.js';
import { draftAfterNewVersion, draftChanged, draftFields, draftOf, draftProblem, insertAt } from '../../shared/rules/prompts/draft.js';
import { prompts } from '../../shared/contract/areas/prompts.js';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import { CONVERSATION_PAGE_SIZE, pageWithin } from '../../shared/rules/prompts/conversations.js';

/** Issue 11: the family descriptions carry spec 2 section 5 and 9 and spec 3's constants exactly. */

const version = (over: Partial<VersionItem> = {}): VersionItem => ({
  id: 'v1',
  version: 1,
  isActive: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  notes: 'Initial',
  changeReason: null,
  text: 'We read. We reflect.',
  params: { temperature: 0.8, topK: 40, topP: 0.95, model: 'gemini-2.0-flash', variety_injection: true, variety_prompts: ['a'] },
  ...over,
});

describe('prompt family descriptions', () => {
  it('has the slider ranges of section 5 for every family but the coaches', () => {
    expect(FAMILY_PARAM_RANGES).toEqual({
      temperature: { min: 0, max: 2, step: 0.1 },
      topK: { min: 1, max: 100, step: 1 },
      topP: { min: 0, max: 1, step: 0.05 },
    });
    for (const id of ['mirror', 'daily-wisdom', 'entry-analysis', 'block-suggestion', 'public-chatbot'] as const)
      expect(FAMILY_SPECS[id].params?.ranges).toBe(FAMILY_PARAM_RANGES);
    expect(FAMILY_SPECS['coach-prompt'].params?.ranges.temperature).toEqual({ min: 0.1, max: 1, step: 0.1 });
  });

  it('has the default parameters of section 9 and spec 3', () => {
    const d = (id: keyof typeof FAMILY_SPECS) => FAMILY_SPECS[id].params?.defaults;
    expect(d('mirror')).toMatchObject({ temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false });
    expect(d('daily-wisdom')).toMatchObject({ temperature: 0.8, topK: 40, topP: 0.95, model: 'gemini-2.0-flash', variety_injection: true });
    expect(d('entry-analysis')).toEqual({ temperature: 0.3, topK: 40, topP: 0.95, model: 'gemini-2.5-flash' });
    expect(d('block-suggestion')).toEqual({ temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash' });
    expect(d('public-chatbot')).toMatchObject({ temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash', variety_injection: false });
    expect(FAMILY_SPECS['block-suggestion'].params?.models).toEqual(['gemini-2.5-flash', 'gemini-2.5-flash-preview']);
    expect(FAMILY_SPECS['daily-wisdom'].params?.varietyPrompts).toHaveLength(5);
    expect(FAMILY_SPECS.mirror.params?.varietyPrompts).toHaveLength(4);
  });

  it('previews 500 characters for entry analysis and 150 for the others; the internal chatbot shows 5 versions', () => {
    expect(FAMILY_SPECS['entry-analysis'].previewLength).toBe(500);
    expect(FAMILY_SPECS['daily-wisdom'].previewLength).toBe(150);
    expect(FAMILY_SPECS['internal-chatbot'].historyLimit).toBe(5);
    expect(ENTRY_ANALYSIS_PLACEHOLDERS).toEqual([
      'BLOCK_CONTENT',
      'EXPANDED_CONTENT',
      'USER_GOALS',
      'USER_CHALLENGES',
      'RECENT_THEMES',
      'EXISTING_TAGS',
      'SYMBOLS_CONTEXT',
    ]);
  });

  it('has the spec messages', () => {
    expect(FAMILY_SPECS['daily-wisdom'].messages).toMatchObject({
      blank: 'Prompt content is required',
      saveFailed: 'Error saving prompt',
      saved: 'Prompt saved',
      rollbackFailed: 'Rollback failed',
      rollbackDone: 'Rollback successful',
    });
    expect(FAMILY_SPECS['public-chatbot'].messages).toMatchObject({
      blank: 'Prompt content cannot be empty.',
      saved: 'Prompt saved successfully',
      activated: 'Prompt activated successfully',
      activateFailed: 'Error activating prompt',
    });
    expect(FAMILY_SPECS['internal-chatbot'].messages.saved).toBe('Internal chatbot updated successfully');
    expect(Object.values(MIRROR_DEFAULT_TEXTS).every((t) => t.startsWith('We '))).toBe(true);
  });
});

describe('drafts', () => {
  const spec = FAMILY_SPECS['daily-wisdom'];
  it('opens on the current version, notes included where notes count, and needs a change or non-blank text', () => {
    const current = version();
    const d = draftOf(spec, current);
    expect(d).toMatchObject({ text: current.text, notes: 'Initial' });
    expect(draftProblem(spec, d, current)).toBe('unchanged');
    expect(draftProblem(spec, { ...d, notes: 'Other' }, current)).toBeNull();
    expect(draftProblem(spec, { ...d, text: '   ' }, current)).toBe('blank');
    expect(draftProblem(spec, { ...d, params: { ...d.params!, temperature: 1.2 } }, current)).toBeNull();
    expect(draftChanged(spec, d, d)).toBe(false);
    expect(draftChanged(spec, { ...d, text: 'x' }, d)).toBe(true);
  });

  it('a newer version never wipes unsaved text; it replaces a draft with no change, or the draft just saved', () => {
    const was = draftOf(spec, version());
    const next = draftOf(spec, version({ id: 'v2', version: 2, text: 'Another administrator saved this.' }));
    const typing = { ...was, text: 'Being typed.' };
    expect(draftAfterNewVersion(spec, typing, was, next, null)).toBe(typing);
    expect(draftAfterNewVersion(spec, was, was, next, null)).toBe(next);
    expect(draftAfterNewVersion(spec, typing, was, next, typing)).toBe(next);
    expect(draftAfterNewVersion(spec, { ...typing }, was, next, typing)).toEqual(typing);
  });

  it('builds a save the contract accepts, for every family', () => {
    for (const spec of Object.values(FAMILY_SPECS)) {
      const key = spec.key === 'coach' ? { coachId: '00000000-0000-4000-8000-000000000000' } : spec.key === 'mirrorType' ? { promptType: 'deep' } : {};
      const fields = draftFields(spec, { ...draftOf(spec, null), text: 'Hello.' });
      expect(prompts.save.input.safeParse({ family: spec.id, ...key, ...fields }).success, spec.id).toBe(true);
    }
  });

  it('completes stored parameters with the defaults and drops variety fields where a family has none', () => {
    expect(familyParams(FAMILY_SPECS['entry-analysis'].params!, { temperature: 0.5, variety_injection: true })).toEqual({
      temperature: 0.5,
      topK: 40,
      topP: 0.95,
      model: 'gemini-2.5-flash',
    });
    expect(familyParams(FAMILY_SPECS['daily-wisdom'].params!, {})).toMatchObject({
      variety_injection: true,
      variety_prompts: FAMILY_SPECS['daily-wisdom'].params!.varietyPrompts,
    });
  });

  it('inserts a placeholder at the cursor, replacing a selection', () => {
    const token = placeholderToken('USER_GOALS');
    expect(token).toBe('{{USER_GOALS}}');
    expect(insertAt('ab', 1, 1, token)).toEqual({ text: `a${token}b`, cursor: 1 + token.length });
    expect(insertAt('abcd', 1, 3, token)).toEqual({ text: `a${token}d`, cursor: 1 + token.length });
    expect(insertAt('ab', 9, 9, token).text).toBe(`ab${token}`);
  });
});

describe('internal chat history pages', () => {
  it('keeps a page that has rows and moves past-the-end pages back to the last one with rows', () => {
    expect(CONVERSATION_PAGE_SIZE).toBe(25);
    expect(pageWithin(0, 0)).toBe(0);
    expect(pageWithin(1, 26)).toBe(1);
    expect(pageWithin(1, 25)).toBe(0);
    expect(pageWithin(3, 51)).toBe(2);
    expect(pageWithin(2, 0)).toBe(0);
  });
});
