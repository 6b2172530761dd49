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

  it('enforces its 10 MB limit when the client announces no size: 552, and no partial file is left', async () => {
    const sink = await startMailSink(path.join(dir, 'big-outbox'));
    try {
      const replies = await rawSmtp(sink.port, ['EHLO test', 'MAIL FROM:<a@reflect.local>', 'RCPT TO:<b@example.com>', 'DATA'], 11 * 1024 * 1024);
      expect(replies.at(-1)).toMatch(/^552 /);
      expect(fs.readdirSync(sink.outboxDir)).toEqual([]);
      // A message under the limit still arrives.
      const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: 'a@reflect.local', to: 'b@example.com', subject: 'small', text: 'x'.repeat(1024) });
      transport.close();
      expect(fs.readdirSync(sink.outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });
});

/**
 * A bare SMTP client: sends each command after the server's reply to the previous one (no SIZE parameter on MAIL
 * FROM), then `bodyBytes` of message lines and the terminating dot. Answers the server's replies, one per step.
 */
function rawSmtp(port: number, commands: string[], bodyBytes: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const replies: string[] = [];
    let buffer = '';
    let step = -1; // -1: waiting for the greeting
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (text: string) => {
      buffer += text;
      // A reply ends with a line "NNN text" (continuation lines are "NNN-text").
      const lines = buffer.split('\r\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!/^\d{3} /.test(line)) continue;
        replies.push(line);
        step += 1;
        if (step < commands.length) socket.write(`${commands[step]}\r\n`);
        else if (step === commands.length) {
          const line76 = `${'x'.repeat(76)}\r\n`;
          const chunk = line76.repeat(Math.ceil((1024 * 1024) / line76.length));
          for (let sent = 0; sent < bodyBytes; sent += chunk.length) socket.write(chunk);
          socket.write('.\r\n');
        } else {
          socket.end('QUIT\r\n');
          resolve(replies);
        }
      }
    });
  });
}
