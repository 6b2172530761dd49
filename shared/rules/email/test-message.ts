import { previewSampleData } from './render.js';

/**
 * A test campaign's message (issue 27 part 1). Sent to an address that is a user's, the queue fills the template
 * from that user's data; sent to an address that is no user's, there is no data to fill it from, so it carries the
 * preview's sample values (spec 3 section 9), the ones the administrator saw in Preview. Whatever a template uses
 * that nothing fills is named when the campaign is created, rather than arriving blank unannounced.
 */

/** The `{{variables}}` a template's parts use ({{name}}, {{{name}}}, {{#name}} sections), sorted, once each. */
export function templateFields(...parts: (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const p of parts) for (const m of (p ?? '').matchAll(/\{\{\{?\s*[#^/&]?\s*([a-z_][a-z0-9_]*)\s*\}?\}\}/gi)) found.add(m[1] as string);
  return [...found].sort();
}

/** The campaign facts the queue item carries, which templates may also use. */
export const CAMPAIGN_VARIABLES = ['campaign_name', 'campaign_type', 'campaign_id', 'template_id', 'recipient_email'] as const;

/**
 * What a test message to an address that is no user's is filled with: the preview's sample values, the recipient's
 * own address as user_email. The settings' values (company, mailbox) are left to the queue, which adds them to
 * every message.
 */
export function testRecipientValues(now: Date, recipient: string): Record<string, string> {
  return { ...previewSampleData(now, {}), user_email: recipient };
}

/**
 * The variables among `fields` that nothing fills: no value in `values`, or a blank one, and not filled from the
 * recipient's own data (`fromUser`, the per-user variables, when the recipient is a user). Sorted.
 */
export function emptyVariables(fields: readonly string[], values: Readonly<Record<string, unknown>>, fromUser: readonly string[] = []): string[] {
  const filled = (name: string) => fromUser.includes(name) || (values[name] !== undefined && values[name] !== null && String(values[name]).trim() !== '');
  return fields.filter((f) => !filled(f)).sort();
}

/** The line a created campaign adds when some of its template's variables will be empty. */
export const emptyVariablesNote = (names: readonly string[]): string =>
  names.length ? `Empty in the message: ${names.map((n) => `{{${n}}}`).join(', ')}` : '';
