// The embedded backend's mail sink: stores each SMTP message as an .eml, refuses `.invalid` mailboxes, and leaves
// no listening socket once closed.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailSink } from '../../main/local-backend/process/mail-sink.js';
import { parseEml } from '../../main/services/email/eml.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-sink-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

describe('mail sink', () => {
  it('stores a delivered message as .eml, refuses .invalid recipients, and closes its port', async () => {
    const sink = await startMailSink(path.join(dir, 'outbox'));
    const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'a@reflect.local', to: 'b@example.com', subject: 'Grüße {{x}}', text: 'plain é', html: '<p>&lt;b&gt; é</p>' });
    await expect(transport.sendMail({ from: 'a@reflect.local', to: 'x@mail.invalid', subject: 's', text: 't' })).rejects.toThrow(/Mailbox unavailable/);
    transport.close();
    const files = fs.readdirSync(sink.outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseEml(fs.readFileSync(path.join(sink.outboxDir, files[0]!), 'utf8'));
    expect(mail).toMatchObject({ subject: 'Grüße {{x}}', to: 'b@example.com', text: 'plain é', html: '<p>&lt;b&gt; é</p>' });
    // A client that never says QUIT must not hold the close.
    const idle = net.connect(sink.port, '127.0.0.1');
    await new Promise((r) => idle.once('data', r));
    await sink.close();
    expect(await refused(sink.port)).toBe(true);
  });
});
