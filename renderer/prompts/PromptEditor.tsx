import { useId, useRef, type ReactNode } from 'react';
import type { PromptFamilySpec } from '../../shared/rules/prompts/families.js';
import type { PromptDraft } from '../../shared/rules/prompts/draft.js';
import type { SaveProblem } from '../../shared/rules/prompts/versions.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { Field } from '../components/Field.js';
import { ParamsEditor } from './versions/ParamsEditor.js';
import { PlaceholderList } from './PlaceholderList.js';

export interface PromptEditorProps {
  readonly spec: PromptFamilySpec;
  readonly draft: PromptDraft;
  readonly onChange: (draft: PromptDraft) => void;
  readonly problem: SaveProblem | null;
  readonly saving: boolean;
  readonly onSave: () => void;
  readonly title?: ReactNode;
  readonly description?: ReactNode;
  readonly actions?: ReactNode;
}

/**
 * The versioned-text editor of every prompt family, laid out by its description: title, text (with placeholders
 * insertable at the cursor), knowledge base, generation parameters, notes, and the save button with the reason it
 * is disabled.
 */
export function PromptEditor({ spec, draft, onChange, problem, saving, onSave, title, description, actions }: PromptEditorProps) {
  const textId = useId();
  const kbId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<PromptDraft>) => onChange({ ...draft, ...patch });
  const p = spec.params;
  return (
    <Card title={title ?? spec.title} description={description} actions={actions}>
      <div className="form prompt-editor" aria-label={`${spec.title} editor`}>
        {spec.hasTitle ? <Field label={spec.titleLabel} value={draft.title} onChange={(e) => set({ title: e.target.value })} /> : null}
        <div className="field">
          <label htmlFor={textId}>{spec.textLabel}</label>
          <textarea id={textId} ref={textRef} rows={14} value={draft.text} onChange={(e) => set({ text: e.target.value })} />
        </div>
        {spec.placeholders.length ? <PlaceholderList names={spec.placeholders} target={textRef} text={draft.text} onInsert={(text) => set({ text })} /> : null}
        {spec.hasKnowledgeBase ? (
          <div className="field">
            <label htmlFor={kbId}>{spec.knowledgeLabel}</label>
            <textarea id={kbId} rows={10} value={draft.knowledgeBase} onChange={(e) => set({ knowledgeBase: e.target.value })} />
          </div>
        ) : null}
        {p && draft.params ? (
          <ParamsEditor
            value={draft.params}
            onChange={(params) => set({ params })}
            ranges={p.ranges}
            presets={p.presets}
            models={p.models}
            {...(p.varietyPrompts ? { defaultVarietyPrompts: p.varietyPrompts } : {})}
          />
        ) : null}
        <Field
          label={spec.notesLabel}
          value={draft.notes}
          onChange={(e) => set({ notes: e.target.value })}
          hint={spec.notesAreAChange ? 'Optional: notes of this version.' : 'Optional: what changed in this version.'}
        />
        <div className="form-actions">
          {problem ? (
            <span className="muted" data-testid="save-problem">
              {problem === 'blank' ? spec.messages.blank : 'No changes to save.'}
            </span>
          ) : null}
          <Button variant="primary" disabled={problem !== null} busy={saving} onClick={onSave}>
            {spec.saveLabel}
          </Button>
        </div>
      </div>
    </Card>
  );
}
