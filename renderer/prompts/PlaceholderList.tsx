import type { RefObject } from 'react';
import { insertAt } from '../../shared/rules/prompts/draft.js';
import { placeholderToken } from '../../shared/rules/prompts/families.js';
import { Button } from '../components/Button.js';

interface Props {
  readonly names: readonly string[];
  readonly target: RefObject<HTMLTextAreaElement | null>;
  readonly text: string;
  readonly onInsert: (text: string) => void;
}

/** The placeholders a prompt may use; a click inserts one at the text's cursor (or replaces the selection). */
export function PlaceholderList({ names, target, text, onInsert }: Props) {
  const insert = (name: string) => {
    const box = target.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, placeholderToken(name));
    onInsert(next.text);
    // Back to the text, with the cursor after the inserted placeholder.
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  return (
    <div className="placeholders" role="group" aria-label="Placeholders">
      <span className="muted">Placeholders (insert at the cursor):</span>
      {names.map((n) => (
        <Button key={n} variant="ghost" onClick={() => insert(n)} aria-label={`Insert ${n}`}>
          <code>{placeholderToken(n)}</code>
        </Button>
      ))}
    </div>
  );
}
