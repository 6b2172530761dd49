import type { GenerationParams } from './types.js';

/** Generation parameters of every versioned prompt (each family and the coaches have their own ranges, presets and defaults). */

export interface ParamRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

export interface ParamRanges {
  readonly temperature: ParamRange;
  readonly topK: ParamRange;
  readonly topP: ParamRange;
}

export interface ParamPreset {
  readonly name: string;
  readonly temperature: number;
  readonly topK: number;
  readonly topP: number;
}

const clamp = (v: number, r: ParamRange) => Math.min(r.max, Math.max(r.min, v));
/** Rounds to the step's decimals, so 0.30000000000000004 is stored as 0.3. */
export function snap(v: number, r: ParamRange): number {
  const decimals = (String(r.step).split('.')[1] ?? '').length;
  return Number(clamp(v, r).toFixed(decimals));
}

/** Parameters as stored (possibly partial or from older versions), completed with the defaults. */
export function normaliseParams(raw: unknown, defaults: GenerationParams): GenerationParams {
  const p = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const num = (k: string, d: number) => (typeof p[k] === 'number' && Number.isFinite(p[k]) ? (p[k] as number) : d);
  const prompts = Array.isArray(p.variety_prompts)
    ? p.variety_prompts.filter((x): x is string => typeof x === 'string')
    : [...(defaults.variety_prompts ?? [])];
  return {
    temperature: num('temperature', defaults.temperature),
    topK: num('topK', defaults.topK),
    topP: num('topP', defaults.topP),
    model: typeof p.model === 'string' && p.model ? p.model : defaults.model,
    variety_injection: typeof p.variety_injection === 'boolean' ? p.variety_injection : (defaults.variety_injection ?? false),
    variety_prompts: prompts,
  };
}

/** The preset whose three values the parameters equal, if any. */
export function matchingPreset(p: GenerationParams, presets: readonly ParamPreset[]): ParamPreset | undefined {
  return presets.find((x) => x.temperature === p.temperature && x.topK === p.topK && x.topP === p.topP);
}
