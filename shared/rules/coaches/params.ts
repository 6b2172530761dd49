import type { GenerationParams } from '../versions/types.js';
import { normaliseParams, type ParamPreset, type ParamRanges } from '../versions/params.js';

/** Coach generation parameters (spec 2 sections 5 and 9). */

export const COACH_MODELS = ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-1.5-pro'] as const;

export const COACH_PARAM_RANGES: ParamRanges = {
  temperature: { min: 0.1, max: 1, step: 0.1 },
  topK: { min: 1, max: 100, step: 1 },
  topP: { min: 0.1, max: 1, step: 0.01 },
};

export const COACH_PRESETS: readonly ParamPreset[] = [
  { name: 'Conservative', temperature: 0.3, topK: 10, topP: 0.8 },
  { name: 'Balanced', temperature: 0.7, topK: 40, topP: 0.95 },
  { name: 'Creative', temperature: 0.9, topK: 50, topP: 0.98 },
  { name: 'Experimental', temperature: 1, topK: 100, topP: 0.99 },
];

/** The coach prompt type's default variety prompts (four, spec 2 section 9); our wording. */
export const COACH_DEFAULT_VARIETY_PROMPTS: readonly string[] = [
  'Open with a question instead of a statement this time.',
  "Use one concrete example from the user's own journal entries.",
  'Offer a small experiment the user could try in the next 24 hours.',
  'Reflect back one feeling you notice before giving any suggestion.',
];

export const DEFAULT_COACH_PARAMS: GenerationParams = {
  temperature: 0.7,
  topK: 40,
  topP: 0.95,
  model: 'gemini-2.5-flash',
  variety_injection: false,
  variety_prompts: [],
};

/** Stored coach parameters (possibly partial or older) completed with the coach defaults. */
export function normaliseCoachParams(raw: unknown): GenerationParams {
  return normaliseParams(raw, DEFAULT_COACH_PARAMS);
}
