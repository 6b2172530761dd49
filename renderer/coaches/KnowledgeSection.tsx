import { useId, useState } from 'react';
import type { CoachDetail } from '../../shared/types/coach.js';
import { COACH_MESSAGES, blankToNull } from '../../shared/rules/coaches/fields.js';
import { saveProblem } from '../../shared/rules/prompts/versions.js';
import { useWriteOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { Field } from '../components/Field.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../app/op-error-text.js';

/** The coach's knowledge base: each save is a new version (non-blank content and a change). */
export function KnowledgeSection({ detail }: { readonly detail: CoachDetail }) {
  const kb = detail.knowledgeBase;
  const save = useWriteOp('coaches', 'saveKnowledgeBase');
  const [title, setTitle] = useState(kb?.title ?? '');
  const [content, setContent] = useState(kb?.text ?? '');
  const [notes, setNotes] = useState('');
  const contentId = useId();
  const problem = saveProblem({ text: content, extra: blankToNull(title) }, kb ? { text: kb.text, extra: blankToNull(kb.title) } : null);

  const submit = () =>
    save.mutate(
      { coachId: detail.coach.id, title: blankToNull(title), content, notes: blankToNull(notes) },
      {
        onSuccess: () => {
          setNotes('');
          notify.success(COACH_MESSAGES.knowledgeUpdated);
        },
        onError: (err) => notify.error(COACH_MESSAGES.knowledgeFailed, errorText(err)),
      },
    );

  return (
    <Card
      title="Knowledge Base"
      description={kb ? `Version ${kb.version} is current (${detail.knowledgeCount} version${detail.knowledgeCount === 1 ? '' : 's'})` : 'No knowledge base yet'}
    >
      <div className="form" aria-label="Knowledge base">
        <Field label="Knowledge base title" value={title} onChange={(e) => setTitle(e.target.value)} />
        <div className="field">
          <label htmlFor={contentId}>Knowledge base content</label>
          <textarea id={contentId} rows={10} value={content} onChange={(e) => setContent(e.target.value)} />
        </div>
        <Field label="Knowledge base notes" value={notes} onChange={(e) => setNotes(e.target.value)} hint="Optional: what changed in this version." />
        <div className="form-actions">
          {problem ? <span className="muted">{problem === 'blank' ? COACH_MESSAGES.knowledgeBlank : 'No changes to save.'}</span> : null}
          <Button variant="primary" disabled={problem !== null} busy={save.isPending} onClick={submit}>
            Save Knowledge Base
          </Button>
        </div>
      </div>
    </Card>
  );
}
