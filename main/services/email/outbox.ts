import fs from 'node:fs/promises';
import path from 'node:path';
import type { Outbox, OutboxEntry, OutboxMessage } from '../../../shared/rules/email/types.js';
import { AppError } from '../../ground/errors.js';
import { parseEml } from './eml.js';

/** The newest messages listed; older ones stay on disk. */
export const OUTBOX_LIMIT = 200;
const NAME = /^[A-Za-z0-9-]+\.eml$/;

/** The embedded demo's delivered messages, newest first. The renderer gets names and headers, never a path. */
export async function listOutbox(dir: string | undefined): Promise<Outbox> {
  if (!dir) return { available: false, messages: [] };
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((n) => NAME.test(n))
    .sort()
    .reverse()
    .slice(0, OUTBOX_LIMIT);
  const messages: OutboxEntry[] = [];
  for (const name of names) {
    // Only the head is needed for the list.
    const handle = await fs.open(path.join(dir, name), 'r').catch(() => undefined);
    if (!handle) continue;
    try {
      const buf = Buffer.alloc(16_384);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      const m = parseEml(buf.subarray(0, bytesRead).toString('utf8'));
      messages.push({ id: name, subject: m.subject, from: m.from, to: m.to, date: m.date });
    } finally {
      await handle.close();
    }
  }
  return { available: true, messages };
}

export async function readOutboxMessage(dir: string | undefined, id: string): Promise<OutboxMessage> {
  // The name is checked against the folder's own listing: no path from the renderer is ever joined blindly.
  if (!dir || !NAME.test(id)) throw new AppError('NOT_FOUND', 'Message not found');
  const raw = await fs.readFile(path.join(dir, path.basename(id)), 'utf8').catch(() => undefined);
  if (raw === undefined) throw new AppError('NOT_FOUND', 'Message not found');
  const m = parseEml(raw);
  return { id, subject: m.subject, from: m.from, to: m.to, date: m.date, text: m.text, html: m.html };
}
