import { useState } from 'react';
import { useOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Modal } from '../components/Modal.js';
import { QueryView } from '../components/QueryView.js';
import { Tabs } from '../components/Tabs.js';
import { HtmlFrame } from './HtmlFrame.js';
import { DataTable } from '../components/DataTable.js';

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
          <DataTable
            className="email-table"
            testId="outbox"
            rows={o.messages}
            rowKey={(m) => m.id}
            columns={[
              { header: 'Subject', cell: (m) => m.subject },
              { header: 'To', cell: (m) => m.to },
              { header: 'Date', cell: (m) => m.date },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (m) => (
                  <Button onClick={() => setOpen(m.id)} aria-label={`Open ${m.subject} to ${m.to}`}>
                    Open
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      {open ? <MessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Card>
  );
}
