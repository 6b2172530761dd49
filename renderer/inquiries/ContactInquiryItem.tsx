import type { ContactInquiry } from '../../shared/rules/inquiries/types.js';
import { formatDateTime, formatRelative } from '../lib/format.js';
import { Button } from '../components/Button.js';

/** One inquiry: who, their e-mail, what they wrote (as text), when, and delete. */
export function ContactInquiryItem({ inquiry: i, now, onDelete }: { readonly inquiry: ContactInquiry; readonly now: number; readonly onDelete: () => void }) {
  return (
    <li className="card contact-inquiry" data-testid="contact-inquiry" data-inquiry-id={i.id}>
      <div className="contact-inquiry-head">
        <h2 className="contact-inquiry-name">{i.name}</h2>
        <span className="contact-inquiry-email">{i.email}</span>
        <time className="contact-inquiry-time" dateTime={i.createdAt} title={formatDateTime(i.createdAt)}>
          {formatDateTime(i.createdAt)} ({formatRelative(i.createdAt, now, { inSentence: true })})
        </time>
      </div>
      <p className="contact-inquiry-message">{i.message}</p>
      <div className="contact-inquiry-actions">
        <Button variant="danger" onClick={onDelete} aria-label={`Delete inquiry from ${i.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
