import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { FormDialog } from './FormDialog.js';
import { TextField } from './FormFields.js';

interface Pending {
  readonly name: string;
  readonly resolve: (typed: string | null) => void;
}

const usePending = create<{ pending: Pending | null }>(() => ({ pending: null }));

/**
 * Confirm mode's question (the shell hands it to the data hooks as their name asker): resolves with what was
 * typed, or null when cancelled. One question at a time; a new one cancels the old.
 */
export function askTypedName(name: string): Promise<string | null> {
  usePending.getState().pending?.resolve(null);
  return new Promise((resolve) => usePending.setState({ pending: { name, resolve } }));
}

/** Rendered once in the shell: the dialog behind askTypedName. Main checks the name again; this only gathers it. */
export function TypedNameConfirmHost() {
  const pending = usePending((s) => s.pending);
  const [typed, setTyped] = useState('');
  useEffect(() => setTyped(''), [pending]);
  const close = (value: string | null) => {
    pending?.resolve(value);
    usePending.setState({ pending: null });
  };
  return (
    <FormDialog
      open={pending !== null}
      title="Confirm on this connection"
      description={pending ? `This connection asks for its name before anything is deleted. Type ${pending.name} to confirm.` : undefined}
      submitLabel="Confirm"
      submitDisabled={typed.trim() !== pending?.name}
      onSubmit={() => close(typed.trim())}
      onCancel={() => close(null)}
    >
      <TextField
        label={pending ? `Type ${pending.name} to confirm` : 'Connection name'}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        onChange={(e) => setTyped(e.target.value)}
      />
    </FormDialog>
  );
}
