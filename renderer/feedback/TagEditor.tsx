import { useState } from 'react';
import { addTag, canAddTag, normaliseTag, removeTag } from '../../shared/rules/feedback/tags.js';
import { TAG_MAX_LENGTH } from '../../shared/rules/feedback/model.js';
import { Button } from '../components/Button.js';
import { matchesShortcut } from '../lib/shortcuts.js';
import { TextField } from '../components/FormFields.js';

interface Props {
  readonly tags: readonly string[];
  /** The quick tags (board dialog) or the full list (detail page). */
  readonly suggestions: readonly string[];
  readonly busy: boolean;
  readonly onChange: (tags: readonly string[], change: 'added' | 'removed') => Promise<boolean>;
}

/** Tags (spec 2 section 5): trimmed, no blanks, no duplicates; Enter adds; Add is disabled when the tag exists; a click on a tag removes it. */
export function TagEditor({ tags, suggestions, busy, onChange }: Props) {
  const [typed, setTyped] = useState('');
  const allowed = canAddTag(tags, typed) && !busy;
  const add = async (value: string) => {
    if (!canAddTag(tags, value) || busy) return;
    if (await onChange(addTag(tags, value), 'added')) setTyped('');
  };
  return (
    <div className="fb-tags-editor">
      <div className="fb-tag-list" aria-label="Tags" role="group">
        {tags.length === 0 ? <span className="muted">No tags</span> : null}
        {tags.map((t) => (
          <button
            key={t}
            type="button"
            className="fb-tag fb-tag-removable"
            disabled={busy}
            aria-label={`Remove tag ${t}`}
            onClick={() => void onChange(removeTag(tags, t), 'removed')}
          >
            {t} <span aria-hidden="true">×</span>
          </button>
        ))}
      </div>
      <div className="fb-tag-add">
        <TextField
          label="Add a tag"
          value={typed}
          maxLength={TAG_MAX_LENGTH}
          placeholder="Type a tag and press Enter"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (matchesShortcut('addTag', e)) {
              e.preventDefault();
              void add(typed);
            }
          }}
        />
        <Button onClick={() => void add(typed)} disabled={!allowed} aria-label={`Add tag ${normaliseTag(typed)}`.trim()}>
          Add
        </Button>
      </div>
      <div className="fb-quick-tags" role="group" aria-label="Quick tags">
        {suggestions.map((t) => (
          <button
            key={t}
            type="button"
            className="fb-tag fb-tag-quick"
            disabled={busy || tags.includes(t)}
            onClick={() => void add(t)}
            aria-label={`Add tag ${t}`}
          >
            + {t}
          </button>
        ))}
      </div>
    </div>
  );
}
