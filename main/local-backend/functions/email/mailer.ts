import nodemailer from 'nodemailer';
import { HttpError } from '../../gateway/http.js';
import type { MailTarget } from '../../gateway/functions.js';

export interface OutgoingMail {
  readonly from: { name: string; address: string };
  readonly replyTo?: string;
  readonly to: string;
  readonly subject: string;
  readonly html?: string;
  readonly text: string;
}

/** Delivers one message over SMTP to the stack's mail sink; rejects with the server's answer on failure. */
export async function sendMail(target: MailTarget | undefined, mail: OutgoingMail): Promise<void> {
  if (!target) throw new HttpError(503, 'mail_unavailable', 'No mail server is configured for this backend.');
  // The sink is on the loopback interface: plain SMTP, no TLS, one connection per message.
  const transport = nodemailer.createTransport({ host: target.host, port: target.port, secure: false, ignoreTLS: true, connectionTimeout: 10_000 });
  try {
    await transport.sendMail({ ...mail, replyTo: mail.replyTo || undefined });
  } finally {
    transport.close();
  }
}
