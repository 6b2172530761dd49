import { useOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { Modal } from '../components/Modal.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { formatDateTime } from '../lib/format.js';

/** The conversation viewer: the user's e-mail and every user and assistant turn, as text. */
export function ConversationDialog({ id, onClose }: { readonly id: string | null; readonly onClose: () => void }) {
  const conversation = useOp('prompts', 'conversation', { id: id ?? '' }, { enabled: id !== null });
  return (
    <Modal open={id !== null} title="Conversation" className="conversation-dialog" onClose={onClose}>
      <QueryView query={conversation} loadingLabel="Loading the conversation...">
        {(c) =>
          c === null ? (
            <EmptyState title="This conversation no longer exists." />
          ) : (
            <>
              <p className="muted" data-testid="conversation-email">
                {c.email ?? 'Unknown user'} · {formatDateTime(c.updatedAt)}
              </p>
              <ol className="conversation-turns" aria-label="Messages">
                {c.messages.map((m, i) => (
                  <li key={i} className={`conversation-turn conversation-${m.role}`}>
                    <strong>{m.role === 'user' ? 'User' : 'Assistant'}</strong>
                    <p>{m.content}</p>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </QueryView>
      <div className="confirm-actions">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
