import { useId } from 'react';
import type { GenerationParams } from '../../shared/types/versions.js';
import { COACH_DEFAULT_VARIETY_PROMPTS, COACH_MODELS, COACH_PARAM_RANGES, COACH_PRESETS } from '../../shared/rules/coaches/params.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import type { SaveProblem } from '../../shared/rules/prompts/versions.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { Field } from '../components/Field.js';
import { ParamsEditor } from '../versions/ParamsEditor.js';

interface Props {
  readonly version: number | null;
  readonly count: number;
  readonly text: string;
  readonly params: GenerationParams;
  readonly notes: string;
  readonly problem: SaveProblem | null;
  readonly saving: boolean;
  readonly onText: (text: string) => void;
  readonly onParams: (params: GenerationParams) => void;
  readonly onNotes: (notes: string) => void;
  readonly onSave: () => void;
}

/** The system prompt editor and its generation parameters; the state lives in the editor page (Unsaved Changes). */
export function PromptSection({ version, count, text, params, notes, problem, saving, onText, onParams, onNotes, onSave }: Props) {
  const id = useId();
  return (
    <Card title="System Prompt" description={version ? `Version ${version} is current (${count} version${count === 1 ? '' : 's'})` : 'No prompt yet: this coach shows as No Prompt'}>
      <div className="form">
        <div className="field">
          <label htmlFor={id}>Prompt</label>
          <textarea id={id} rows={14} value={text} onChange={(e) => onText(e.target.value)} />
        </div>
        <ParamsEditor value={params} onChange={onParams} ranges={COACH_PARAM_RANGES} presets={COACH_PRESETS} models={COACH_MODELS} defaultVarietyPrompts={COACH_DEFAULT_VARIETY_PROMPTS} />
        <Field label="Prompt notes" value={notes} onChange={(e) => onNotes(e.target.value)} hint="Optional: what changed in this version." />
        <div className="form-actions">
          {problem ? <span className="muted">{problem === 'blank' ? COACH_MESSAGES.promptBlank : 'No changes to save.'}</span> : null}
          <Button variant="primary" disabled={problem !== null} busy={saving} onClick={onSave}>
            Save Prompt
          </Button>
        </div>
      </div>
    </Card>
  );
}
