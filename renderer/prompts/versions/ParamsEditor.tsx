import { useId } from 'react';
import type { GenerationParams } from '../../../shared/rules/versions/types.js';
import { matchingPreset, snap, type ParamPreset, type ParamRange, type ParamRanges } from '../../../shared/rules/versions/params.js';
import { Button } from '../../components/Button.js';
import { VarietyPrompts } from './VarietyPrompts.js';
import './params.css';
import { CheckboxField } from '../../components/Checkbox.js';
import { Select } from '../../components/Select.js';

export interface ParamsEditorProps {
  readonly value: GenerationParams;
  readonly onChange: (next: GenerationParams) => void;
  readonly ranges: ParamRanges;
  readonly presets: readonly ParamPreset[];
  readonly models: readonly string[];
  /** The prompt kind's default variety prompts; omit for kinds without variety injection. */
  readonly defaultVarietyPrompts?: readonly string[];
}

function Slider({ label, range, value, onChange }: { label: string; range: ParamRange; value: number; onChange: (v: number) => void }) {
  const id = useId();
  return (
    <div className="param-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={(e) => onChange(snap(Number(e.target.value), range))}
      />
      <output htmlFor={id} className="param-value">
        {value}
      </output>
    </div>
  );
}

/** Generation parameters of a prompt: presets, the three sliders, the model and variety injection. */
export function ParamsEditor({ value, onChange, ranges, presets, models, defaultVarietyPrompts }: ParamsEditorProps) {
  const modelId = useId();
  const preset = matchingPreset(value, presets);
  const set = (patch: Partial<GenerationParams>) => onChange({ ...value, ...patch });
  const modelOptions = models.includes(value.model) ? models : [value.model, ...models];
  return (
    <fieldset className="params-editor">
      <legend>Generation parameters</legend>
      <div className="params-presets" role="group" aria-label="Presets">
        {presets.map((p) => (
          <Button
            key={p.name}
            aria-pressed={preset?.name === p.name}
            variant={preset?.name === p.name ? 'primary' : 'secondary'}
            onClick={() => set({ temperature: p.temperature, topK: p.topK, topP: p.topP })}
          >
            {p.name}
          </Button>
        ))}
      </div>
      <Slider label="Temperature" range={ranges.temperature} value={value.temperature} onChange={(temperature) => set({ temperature })} />
      <Slider label="Top K" range={ranges.topK} value={value.topK} onChange={(topK) => set({ topK })} />
      <Slider label="Top P" range={ranges.topP} value={value.topP} onChange={(topP) => set({ topP })} />
      <div className="field">
        <label htmlFor={modelId}>Model</label>
        <Select id={modelId} value={value.model} onValueChange={(model) => set({ model })} options={modelOptions.map((m) => ({ value: m, label: m }))} />
      </div>
      {defaultVarietyPrompts ? (
        <>
          <CheckboxField
            label="Variety injection"
            checked={value.variety_injection ?? false}
            onCheckedChange={(variety_injection) => set({ variety_injection })}
          />
          {value.variety_injection ? (
            <VarietyPrompts prompts={value.variety_prompts ?? []} defaults={defaultVarietyPrompts} onChange={(variety_prompts) => set({ variety_prompts })} />
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
