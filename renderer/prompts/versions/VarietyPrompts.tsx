import { useState } from 'react';
import { VARIETY_PROMPT_BLANK, addVarietyPrompt } from '../../../shared/rules/prompts/versions.js';
import { Button } from '../../components/Button.js';
import { matchesShortcut } from '../../lib/shortcuts.js';
import { Field } from '../../components/Field.js';

interface Props {
  readonly prompts: readonly string[];
  readonly defaults: readonly string[];
  readonly onChange: (next: string[]) => void;
}

/** The list of variety prompts: add (never blank), remove, and the defaults when the list is empty. */
export function VarietyPrompts({ prompts, defaults, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const next = addVarietyPrompt(prompts, draft);
    if (!next) {
      setProblem(VARIETY_PROMPT_BLANK);
      return;
    }
    onChange(next);
    setDraft('');
    setProblem(null);
  };
  return (
    <div className="variety">
      {prompts.length === 0 ? (
        <p className="muted">
          No variety prompts.{' '}
          <Button variant="ghost" onClick={() => onChange([...defaults])}>
            Add Default Prompts
          </Button>
        </p>
      ) : (
        <ul className="variety-list" aria-label="Variety prompts">
          {prompts.map((p, i) => (
            <li key={`${i}:${p}`} className="variety-item">
              <span>{p}</span>
              <Button variant="ghost" aria-label={`Remove variety prompt ${i + 1}`} onClick={() => onChange(prompts.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="variety-add">
        <Field
          label="New variety prompt"
          value={draft}
          error={problem ?? undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (matchesShortcut('addVarietyPrompt', e)) {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button onClick={add}>Add</Button>
      </div>
    </div>
  );
}
