import { sendMail } from '../../functions/email/mailer.js';
import type { MailTarget } from '../functions.js';

/**
 * The e-mails GoTrue sends, with hosted Supabase's default templates (Authentication > Email Templates:
 * "Confirm Your Signup", "Confirm Email Change"), delivered to the demo's mail sink so they show in the demo
 * outbox. The link is GoTrue's: {API_EXTERNAL_URL}/verify?token=...&type=...&redirect_to=...
 */
const FROM = { name: 'Reflect demo auth', address: 'noreply@reflect.local' };

export function verifyLink(authUrl: string, token: string, type: 'signup' | 'email_change', redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${authUrl}/verify?${q.toString()}`;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sendConfirmation(mail: MailTarget | undefined, to: string, link: string): Promise<void> {
  await sendMail(mail, {
    from: FROM,
    to,
    subject: 'Confirm Your Signup',
    html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="${escapeHtml(link)}">Confirm your mail</a></p>`,
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n`,
  });
}

export async function sendEmailChange(mail: MailTarget | undefined, to: string, from: string, newEmail: string, link: string): Promise<void> {
  await sendMail(mail, {
    from: FROM,
    to,
    subject: 'Confirm Email Change',
    html: `<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email from ${escapeHtml(from)} to ${escapeHtml(newEmail)}:</p><p><a href="${escapeHtml(link)}">Change Email</a></p>`,
    text: `Confirm Change of Email\n\nFollow this link to confirm the update of your email from ${from} to ${newEmail}:\n${link}\n`,
  });
}
