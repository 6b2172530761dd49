/**
 * Writes a file so that its name shows, at every moment, either the previous file or the complete new one
 * (SECURITY.md F1), even if the app is killed half-way: the text goes to a temporary file beside the target
 * (a rename within one folder cannot cross file systems), is fsynced, then renamed over the target.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { noteTemp } from './temp-journal.js';

export interface WrittenFile {
  readonly path: string;
  readonly bytes: number;
}

/** The temporary name: hidden, beside the target, unique per write. */
export function tempNameFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.part`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Temporary files of earlier writes to the same target whose process was killed before it could remove them. */
export async function removeStaleTemps(target: string): Promise<number> {
  const base = path.basename(target);
  const names = await fsp.readdir(path.dirname(target)).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(`.${base}.`) || !name.endsWith('.part')) continue;
    const m = /^\.(\d+)\.[0-9a-f]{8}\.part$/.exec(name.slice(base.length + 1));
    if (!m || processAlive(Number(m[1]))) continue;
    await fsp.rm(path.join(path.dirname(target), name), { force: true });
    removed++;
  }
  return removed;
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable on Linux and macOS; Windows cannot open a folder this way, and need not.
  const handle = await fsp.open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => undefined);
  await handle?.close().catch(() => undefined);
}

/** Streams the chunks into the file; a failure (of a chunk's source too) leaves the target as it was. */
export async function writeFileAtomically(target: string, chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<WrittenFile> {
  if (!path.isAbsolute(target)) throw new Error('An export needs an absolute path chosen by main (the save dialog).');
  await removeStaleTemps(target);
  const temp = tempNameFor(target);
  // Noted before it exists, so a kill at any moment leaves a file the next start can find (temp-journal.ts).
  const forget = await noteTemp(temp);
  let file: fsp.FileHandle;
  try {
    file = await fsp.open(temp, 'wx', 0o644);
  } catch (err) {
    await forget();
    throw err;
  }
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      await file.write(buffer, 0, buffer.length);
      bytes += buffer.length;
    }
    await file.sync();
    await file.close();
    await fsp.rename(temp, target);
  } catch (err) {
    await file.close().catch(() => undefined);
    await fsp.rm(temp, { force: true });
    await forget();
    throw err;
  }
  await forget();
  await syncDirectory(path.dirname(target));
  return { path: target, bytes };
}

/**
 * The same guarantee for small files written synchronously (the profile list, the demo stack's secrets): temp
 * file beside the target, fsync, rename, then fsync of the folder. A kill at any point leaves the old file or the
 * new one; the temp file of a killed write is removed by the next write.
 */
export function writeFileAtomicallySync(target: string, text: string, mode = 0o600): void {
  const dir = path.dirname(path.resolve(target));
  fs.mkdirSync(dir, { recursive: true });
  removeStaleTempsSync(target);
  const temp = tempNameFor(target);
  const fd = fs.openSync(temp, 'wx', mode);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(temp, target);
  } catch (err) {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed
    }
    fs.rmSync(temp, { force: true });
    throw err;
  }
  try {
    const d = fs.openSync(dir, 'r');
    fs.fsyncSync(d);
    fs.closeSync(d);
  } catch {
    // Windows cannot open a folder this way, and need not.
  }
}

function removeStaleTempsSync(target: string): void {
  const base = path.basename(target);
  let names: string[];
  try {
    names = fs.readdirSync(path.dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(`.${base}.`) || !name.endsWith('.part')) continue;
    const m = /^\.(\d+)\.[0-9a-f]{8}\.part$/.exec(name.slice(base.length + 1));
    if (m && !processAlive(Number(m[1]))) fs.rmSync(path.join(path.dirname(target), name), { force: true });
  }
}
