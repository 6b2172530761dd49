import * as Dialog from '@radix-ui/react-dialog';
import { useOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { QueryView } from '../components/QueryView.js';
import { EmptyState } from '../components/States.js';
import { useReturnFocus } from '../components/return-focus.js';

/** The conversation viewer: the user's e-mail and every user and assistant turn, as text. */
export function ConversationDialog({ id, onClose }: { readonly id: string | null; readonly onClose: () => void }) {
  const returnFocus = useReturnFocus();
  const conversation = useOp('prompts', 'conversation', { id: id ?? '' }, { enabled: id !== null });
  return (
    <Dialog.Root open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-panel conversation-dialog" aria-describedby={undefined} {...returnFocus}>
          <Dialog.Title className="confirm-title">Conversation</Dialog.Title>
          <QueryView query={conversation} loadingLabel="Loading the conversation...">
            {(c) =>
              c === null ? (
                <EmptyState title="This conversation no longer exists." />
              ) : (
                <>
                  <p className="muted" data-testid="conversation-email">
                    {c.email ?? 'Unknown user'} · {new Date(c.updatedAt).toLocaleString()}
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
            <Dialog.Close asChild>
              <Button>Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
