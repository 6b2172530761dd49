import { useState, type KeyboardEvent } from 'react';
import { FormDialog } from '../components/FormDialog.js';
import { TextareaField } from '../components/FormFields.js';
import { MAX_RESPONSE_LENGTH } from '../../shared/rules/toolkit/progress.js';
import type { ToolStep } from '../../shared/rules/toolkit/tools.js';
import { matchesShortcut } from '../lib/shortcuts.js';

interface Props {
  readonly step: ToolStep;
  readonly number: number;
  readonly initial: string;
  readonly onSave: (response: string) => void;
  readonly onCancel: () => void;
}

/** One step's response. Ctrl/Cmd+Enter saves (spec 1, section 5); an empty response uncompletes the step. */
export function StepResponseDialog({ step, number, initial, onSave, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matchesShortcut('saveResponse', e)) {
      e.preventDefault();
      onSave(text);
    }
  };
  return (
    <FormDialog
      open
      title={`Step ${number}: ${step.title}`}
      description={step.prompt}
      submitLabel="Save Response"
      width="640px"
      onSubmit={() => onSave(text)}
      onCancel={onCancel}
    >
      <TextareaField
        label="Your response"
        rows={8}
        value={text}
        maxLength={MAX_RESPONSE_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        hint="Ctrl+Enter (Cmd+Enter on a Mac) saves. Saving an empty response marks the step as not done."
        autoFocus
      />
    </FormDialog>
  );
}
