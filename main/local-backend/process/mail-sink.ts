import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Where the embedded backend's mail sink keeps delivered messages, one .eml file each. */
export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The size the sink advertises (SMTP SIZE) and enforces. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const tooLarge = (): Error => Object.assign(new Error('Message exceeds the 10 MB limit of the demo mail sink'), { responseCode: 552 });

/**
 * Writes one message to `tmp`, renamed to `final` once whole. The advertised limit is enforced on the bytes
 * received, not only on a size the client announced: past it the partial file is deleted, the rest of the message
 * is read and dropped (SMTP needs it consumed), and the answer is 552.
 */
function receive(stream: NodeJS.ReadableStream & { sizeExceeded?: boolean }, tmp: string, final: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(tmp);
    let received = 0;
    let over = false;
    let failed: Error | undefined;
    // Removed only once the file is closed: a file still opening would otherwise be created after the removal.
    const closed = new Promise<void>((done) => out.once('close', () => done()));
    const drop = (): Promise<void> => {
      out.destroy();
      stream.resume();
      return closed.then(() => fsp.rm(tmp, { force: true }));
    };
    let dropped: Promise<void> = Promise.resolve();
    out.on('error', (err) => {
      failed ??= err;
      dropped = drop();
    });
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (over || failed) return;
      if (received > MAX_MESSAGE_BYTES || stream.sizeExceeded) {
        over = true;
        dropped = drop();
        return;
      }
      if (!out.write(chunk)) {
        stream.pause();
        out.once('drain', () => stream.resume());
      }
    });
    stream.on('end', () => {
      if (over || failed) {
        void dropped.finally(() => reject(over ? tooLarge() : failed));
        return;
      }
      out.end(() => {
        if (failed) return void dropped.finally(() => reject(failed));
        fs.rename(tmp, final, (err) => (err ? reject(err) : resolve()));
      });
    });
  });
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
    size: MAX_MESSAGE_BYTES,
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
      void receive(stream, tmp, path.join(outboxDir, name)).then(
        () => cb(null),
        (err: Error) => cb(err),
      );
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
