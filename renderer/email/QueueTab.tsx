import { useWriteOp } from '../api/hooks.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { errorText } from '../lib/op-error-text.js';
import { formatCounted, formatDateTime } from '../lib/format.js';
import { CLEARABLE, DEFAULT_PRIORITY, ENGAGEMENT_MESSAGES, relativeQueueTime, shortId } from '../../shared/rules/email/engagement.js';
import type { QueueItem } from '../../shared/rules/email/types.js';

const STATUS_TONE = { pending: 'warning', processing: 'info', sent: 'success', failed: 'danger', cancelled: 'neutral' } as const;
const when = (iso: string) => relativeQueueTime(iso, new Date(), formatDateTime);

export function QueueTab({ items }: { readonly items: readonly QueueItem[] }) {
  const clear = useWriteOp('email', 'clearQueueItem');
  const process = useWriteOp('email', 'processQueue');
  return (
    <div className="email-stack">
      <div>
        <Button
          variant="primary"
          busy={process.isPending}
          onClick={() =>
            process.mutateAsync({}).then(
              (r) => notify.success(`Processed ${formatCounted(r.processed, 'e-mail')}`, r.errors > 0 ? `${r.errors} failed` : undefined),
              (err) => notify.error(ENGAGEMENT_MESSAGES.processing, errorText(err)),
            )
          }
        >
          Process Queue
        </Button>
      </div>
      {items.length === 0 ? <p className="muted">The queue is empty</p> : null}
      <ul className="email-list" data-testid="queue">
        {items.map((q) => (
          <li key={q.id} className="email-queue-item" data-testid="queue-item">
            <div>
              <strong>{q.notification_type}</strong> <Badge tone={STATUS_TONE[q.status]}>{q.status}</Badge>
              {q.priority !== DEFAULT_PRIORITY ? <Badge tone="accent">Priority {q.priority}</Badge> : null} <code className="muted">{shortId(q.id)}</code>
            </div>
            <div className="muted">
              To {String(q.trigger_data.recipient_email ?? '-')} · scheduled {when(q.scheduled_for)} · created {when(q.created_at)}
              {q.retry_count > 0 ? ` · retries ${q.retry_count}/${q.max_retries}` : ''}
            </div>
            {q.error_message ? (
              <div className="form-error" data-testid="queue-error">
                {q.error_message}
              </div>
            ) : null}
            {(CLEARABLE as readonly string[]).includes(q.status) ? (
              <Button
                aria-label={`Clear ${shortId(q.id)}`}
                onClick={() =>
                  clear.mutateAsync({ id: q.id }).then(
                    (r) => notify.success(`Cleared ${r.notificationType}`),
                    (err) => notify.error(errorText(err)),
                  )
                }
              >
                Clear
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
