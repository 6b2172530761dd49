import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Where the embedded backend's mail sink keeps delivered messages, one .eml file each. */
export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The local SMTP server the demo backend delivers to: nothing leaves the machine. */
export interface MailSink {
  readonly host: string;
  readonly port: number;
  readonly outboxDir: string;
  close(): Promise<void>;
}

/**
 * Recipients on the reserved `.invalid` top-level domain (RFC 2606) are refused with a permanent error, so the
 * demo (and the tests) can produce real delivery failures.
 */
export async function startMailSink(outboxDir: string): Promise<MailSink> {
  fs.mkdirSync(outboxDir, { recursive: true });
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Reflect demo mail sink',
    size: 10 * 1024 * 1024,
    closeTimeout: 1000,
    onRcptTo(address, _session, cb) {
      if (/\.invalid$/i.test(address.address)) {
        const err = Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 });
        cb(err);
        return;
      }
      cb();
    },
    onData(stream, _session, cb) {
      // Names sort by delivery time; the random part keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(outboxDir, `.${name}.part`);
      const out = fs.createWriteStream(tmp);
      stream.pipe(out);
      out.on('finish', () => {
        fs.rename(tmp, path.join(outboxDir, name), (err) => cb(err ?? null));
      });
      out.on('error', (err) => cb(err));
    },
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    host: '127.0.0.1',
    port,
    outboxDir,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        // A client that keeps its connection open must not hold the stack's stop.
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      })),
  };
}
