import { useState } from 'react';
import { useOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Modal } from '../components/Modal.js';
import { QueryView } from '../components/QueryView.js';
import { Tabs } from '../components/Tabs.js';
import { HtmlFrame } from './HtmlFrame.js';

function MessageDialog({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const message = useOp('email', 'outboxMessage', { id });
  const [view, setView] = useState('text');
  return (
    <Modal open title={message.data?.data.subject || 'Message'} width="760px" onClose={onClose} testId="outbox-message">
      <QueryView query={message} loadingLabel="Opening the message...">
        {(m) => (
          <>
            <p className="muted">
              From {m.from} to {m.to} · {m.date}
            </p>
            <Tabs
              label="Message view"
              value={view}
              onChange={setView}
              tabs={[{ id: 'text', label: 'Text' }, ...(m.html !== null ? [{ id: 'html', label: 'HTML' }] : [])]}
            >
              {view === 'html' && m.html !== null ? <HtmlFrame html={m.html} title={`HTML of ${m.subject}`} /> : <pre className="email-text">{m.text}</pre>}
            </Tabs>
            <div className="form-actions">
              <Button onClick={onClose}>Close</Button>
            </div>
          </>
        )}
      </QueryView>
    </Modal>
  );
}

/** The embedded demo's delivered messages (the mail sink's .eml files); nothing is shown for other profiles. */
export function OutboxPanel() {
  const outbox = useOp('email', 'outbox', {});
  const [open, setOpen] = useState<string | null>(null);
  if (outbox.data && !outbox.data.data.available) return null;
  return (
    <Card
      title="Demo Outbox"
      description="Messages the demo backend delivered to its local mail server."
      actions={<Button onClick={() => void outbox.refetch()}>Refresh outbox</Button>}
    >
      <QueryView query={outbox} loadingLabel="Loading the outbox..." isEmpty={(o) => o.messages.length === 0} emptyTitle="No messages delivered yet">
        {(o) => (
          <table className="email-table" data-testid="outbox">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {o.messages.map((m) => (
                <tr key={m.id}>
                  <td>{m.subject}</td>
                  <td>{m.to}</td>
                  <td>{m.date}</td>
                  <td>
                    <Button onClick={() => setOpen(m.id)} aria-label={`Open ${m.subject} to ${m.to}`}>
                      Open
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
      {open ? <MessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
