import type { GenerationParams } from '../versions/types.js';
import { COACH_DEFAULT_VARIETY_PROMPTS, COACH_MODELS, COACH_PARAM_RANGES, COACH_PRESETS, DEFAULT_COACH_PARAMS } from '../coaches/params.js';
import { ENTRY_ANALYSIS_PREVIEW_LENGTH, PREVIEW_LENGTH } from './versions.js';
import type { ParamPreset, ParamRanges } from '../versions/params.js';
import { FAMILY_MESSAGES, PROMPT_MESSAGES, type FamilyMessages } from './messages.js';

/**
 * Every versioned prompt family, described once (spec 2 sections 2-9, spec 3 "Chatbots"): how a family is keyed,
 * what its editor shows, its parameter ranges, models and defaults, its preview length and its messages. The
 * contract builds its inputs from these descriptions, main maps each to its table, and the renderer's one editor
 * and one history screen read them. A new family is a description here, a route and its tests.
 */

export const PROMPT_FAMILIES = [
  'coach-prompt',
  'coach-knowledge',
  'mirror',
  'daily-wisdom',
  'entry-analysis',
  'block-suggestion',
  'public-chatbot',
  'internal-chatbot',
] as const;
export type PromptFamilyId = (typeof PROMPT_FAMILIES)[number];

export const MIRROR_TYPES = ['brief', 'detailed', 'deep'] as const;
export type MirrorType = (typeof MIRROR_TYPES)[number];

/** How one family of a table is chosen: by coach, by mirror type, or the table is one family. */
export type FamilyKeyKind = 'coach' | 'mirrorType' | 'none';

export interface ParamsSpec {
  readonly ranges: ParamRanges;
  readonly presets: readonly ParamPreset[];
  readonly models: readonly string[];
  readonly defaults: GenerationParams;
  /** The default variety prompts; undefined for families without variety injection. */
  readonly varietyPrompts?: readonly string[];
}

export interface PromptFamilySpec {
  readonly id: PromptFamilyId;
  readonly key: FamilyKeyKind;
  /** The screen's name of the family ("Daily Wisdom Prompt"). */
  readonly title: string;
  /** What a version is, in running text ("prompt", "knowledge base"). */
  readonly noun: string;
  readonly textLabel: string;
  readonly titleLabel: string;
  readonly knowledgeLabel: string;
  readonly notesLabel: string;
  readonly saveLabel: string;
  readonly hasTitle: boolean;
  readonly hasKnowledgeBase: boolean;
  /** Whether a version records notes and a change_reason (rollbacks need the latter). */
  readonly rollback: boolean;
  /** Public chatbot: an older version can be made active again. */
  readonly activate: boolean;
  /** A save counts a change of notes as a change (spec 2 families: text, notes or parameters). */
  readonly notesAreAChange: boolean;
  readonly params: ParamsSpec | null;
  readonly previewLength: number;
  /** Placeholders the content may use, insertable at the cursor (entry analysis). */
  readonly placeholders: readonly string[];
  /** History shows at most this many versions (internal chatbot: the latest 5). */
  readonly historyLimit: number | null;
  readonly messages: FamilyMessages;
}

/** Section 5: every family but the coaches' has these slider ranges. */
export const FAMILY_PARAM_RANGES: ParamRanges = {
  temperature: { min: 0, max: 2, step: 0.1 },
  topK: { min: 1, max: 100, step: 1 },
  topP: { min: 0, max: 1, step: 0.05 },
};

export const SUGGESTION_MODELS = ['gemini-2.5-flash', 'gemini-2.5-flash-preview'] as const;

export const ENTRY_ANALYSIS_PLACEHOLDERS = [
  'BLOCK_CONTENT',
  'EXPANDED_CONTENT',
  'USER_GOALS',
  'USER_CHALLENGES',
  'RECENT_THEMES',
  'EXISTING_TAGS',
  'SYMBOLS_CONTEXT',
] as const;

/** How a placeholder is written inside the content. */
export const placeholderToken = (name: string) => `{{${name}}}`;

/** Section 9: five default variety prompts for daily wisdom, four for mirror (our wording). */
export const DAILY_WISDOM_VARIETY_PROMPTS: readonly string[] = [
  'Draw on a thinker from a different century than yesterday.',
  'Connect the wisdom to something the user wrote this week.',
  'Offer the idea as a question rather than a statement.',
  'Use a concrete image from nature.',
  'Keep it under 60 words.',
];
export const MIRROR_VARIETY_PROMPTS: readonly string[] = [
  'Notice one thing the user did not say directly.',
  'Point out a strength the user showed.',
  "Use the user's own words once.",
  'End with an open question.',
];

const params = (defaults: GenerationParams, models: readonly string[], varietyPrompts?: readonly string[]): ParamsSpec => ({
  ranges: FAMILY_PARAM_RANGES,
  presets: [],
  models,
  defaults,
  ...(varietyPrompts ? { varietyPrompts } : {}),
});

const spec2 = (over: Partial<PromptFamilySpec> & Pick<PromptFamilySpec, 'id' | 'title' | 'params'>): PromptFamilySpec => ({
  key: 'none',
  noun: 'prompt',
  textLabel: 'Prompt content',
  titleLabel: 'Title',
  knowledgeLabel: 'Knowledge base',
  notesLabel: 'Version notes',
  saveLabel: 'Save Prompt',
  hasTitle: false,
  hasKnowledgeBase: false,
  rollback: true,
  activate: false,
  notesAreAChange: true,
  previewLength: PREVIEW_LENGTH,
  placeholders: [],
  historyLimit: null,
  messages: PROMPT_MESSAGES,
  ...over,
});

export const FAMILY_SPECS: Readonly<Record<PromptFamilyId, PromptFamilySpec>> = {
  'coach-prompt': spec2({
    id: 'coach-prompt',
    key: 'coach',
    title: 'System Prompt',
    textLabel: 'Prompt',
    notesLabel: 'Prompt notes',
    notesAreAChange: false,
    params: {
      ranges: COACH_PARAM_RANGES,
      presets: COACH_PRESETS,
      models: COACH_MODELS,
      defaults: DEFAULT_COACH_PARAMS,
      varietyPrompts: COACH_DEFAULT_VARIETY_PROMPTS,
    },
    messages: FAMILY_MESSAGES.coachPrompt,
  }),
  'coach-knowledge': spec2({
    id: 'coach-knowledge',
    key: 'coach',
    title: 'Knowledge Base',
    noun: 'knowledge base',
    textLabel: 'Knowledge base content',
    titleLabel: 'Knowledge base title',
    notesLabel: 'Knowledge base notes',
    saveLabel: 'Save Knowledge Base',
    hasTitle: true,
    notesAreAChange: false,
    params: null,
    messages: FAMILY_MESSAGES.coachKnowledge,
  }),
  mirror: spec2({
    id: 'mirror',
    key: 'mirrorType',
    title: 'Mirror Prompt',
    params: params(
      { temperature: 0.7, topK: 40, topP: 0.95, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] },
      COACH_MODELS,
      MIRROR_VARIETY_PROMPTS,
    ),
  }),
  'daily-wisdom': spec2({
    id: 'daily-wisdom',
    title: 'Daily Wisdom Prompt',
    params: params(
      { temperature: 0.8, topK: 40, topP: 0.95, model: 'gemini-2.0-flash', variety_injection: true, variety_prompts: DAILY_WISDOM_VARIETY_PROMPTS },
      COACH_MODELS,
      DAILY_WISDOM_VARIETY_PROMPTS,
    ),
  }),
  'entry-analysis': spec2({
    id: 'entry-analysis',
    title: 'Entry Analysis Prompt',
    previewLength: ENTRY_ANALYSIS_PREVIEW_LENGTH,
    placeholders: ENTRY_ANALYSIS_PLACEHOLDERS,
    params: params({ temperature: 0.3, topK: 40, topP: 0.95, model: 'gemini-2.5-flash' }, COACH_MODELS),
  }),
  'block-suggestion': spec2({
    id: 'block-suggestion',
    title: 'Entry Suggestion Prompt',
    params: params({ temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash' }, SUGGESTION_MODELS),
  }),
  'public-chatbot': spec2({
    id: 'public-chatbot',
    title: 'Public Chatbot',
    textLabel: 'System prompt',
    saveLabel: 'Create New Version',
    hasKnowledgeBase: true,
    activate: true,
    notesAreAChange: false,
    params: params(
      { temperature: 0.7, topK: 40, topP: 0.9, model: 'gemini-2.5-flash', variety_injection: false, variety_prompts: [] },
      ['gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-1.5-pro'],
      [],
    ),
    messages: FAMILY_MESSAGES.publicChatbot,
  }),
  'internal-chatbot': spec2({
    id: 'internal-chatbot',
    title: 'Internal Chatbot',
    textLabel: 'System prompt',
    notesLabel: 'Notes',
    saveLabel: 'Save Changes',
    hasTitle: true,
    hasKnowledgeBase: true,
    rollback: false,
    notesAreAChange: true,
    params: null,
    historyLimit: 5,
    messages: FAMILY_MESSAGES.internalChatbot,
  }),
};

export const familySpec = (id: PromptFamilyId): PromptFamilySpec => FAMILY_SPECS[id];

/**
 * Parameters as a family stores them: completed with its defaults, and without variety fields for families that
 * have no variety injection (entry analysis, block suggestion).
 */
export function familyParams(spec: ParamsSpec, raw: unknown): GenerationParams {
  const p = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const d = spec.defaults;
  const num = (k: string, fallback: number) => (typeof p[k] === 'number' && Number.isFinite(p[k]) ? (p[k] as number) : fallback);
  const base = {
    temperature: num('temperature', d.temperature),
    topK: num('topK', d.topK),
    topP: num('topP', d.topP),
    model: typeof p.model === 'string' && p.model ? p.model : d.model,
  };
  if (!spec.varietyPrompts) return base;
  const prompts = Array.isArray(p.variety_prompts) ? p.variety_prompts.filter((x): x is string => typeof x === 'string') : [...(d.variety_prompts ?? [])];
  return {
    ...base,
    variety_injection: typeof p.variety_injection === 'boolean' ? p.variety_injection : (d.variety_injection ?? false),
    variety_prompts: prompts,
  };
}

/** The mirror cards' descriptions (spec 2 section 2). */
export const MIRROR_TYPE_INFO: Readonly<Record<MirrorType, { readonly label: string; readonly description: string }>> = {
  brief: { label: 'Brief', description: '2-3 paragraphs' },
  detailed: { label: 'Detailed', description: '4-6 paragraphs' },
  deep: { label: 'Deep', description: 'Multi-section' },
};

/** Initialize Prompts: version 1 of each mirror type, written in a 'we' voice. */
export const MIRROR_DEFAULT_TEXTS: Readonly<Record<MirrorType, string>> = {
  brief:
    'We read the entry below and reflect back what we notice in 2-3 short paragraphs. We name the main feeling, one pattern, and one gentle question. We never judge and we never diagnose.\n\nEntry:\n{{BLOCK_CONTENT}}',
  detailed:
    'We read the entry below and write a reflection of 4-6 paragraphs: what happened, what the writer seems to feel, the values underneath, patterns with earlier entries if given, and two questions to sit with.\n\nEntry:\n{{BLOCK_CONTENT}}',
  deep: 'We read the entry below and offer a multi-section reflection with headings: Themes, Feelings, Beliefs at work, Strengths we notice, Questions for deeper reflection, and One small experiment.\n\nEntry:\n{{BLOCK_CONTENT}}',
};

export const MIRROR_INITIAL_NOTES = 'Initial version';
