import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Unpacking a PostgREST release archive on any runner: .tar.xz/.tar.gz with the system's tar, .zip read here
 * (stored or deflated entries), so no runner needs an unzip tool and Windows' tar quirks do not matter for zips.
 */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly localOffset: number;
}

function zipEntries(buf: Buffer, file: string): ZipEntry[] {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArchiveError(`${path.basename(file)} is not a zip archive (no central directory).`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new ArchiveError(`${path.basename(file)}: damaged central directory.`);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localOffset: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function zipData(buf: Buffer, entry: ZipEntry, file: string): Buffer {
  const at = entry.localOffset;
  if (buf.readUInt32LE(at) !== 0x04034b50) throw new ArchiveError(`${path.basename(file)}: damaged entry ${entry.name}.`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return Buffer.from(data);
  if (entry.method === 8) return zlib.inflateRawSync(data);
  throw new ArchiveError(`${path.basename(file)}: ${entry.name} uses zip method ${entry.method}, which this step does not read.`);
}

/** Unpacks the archive into an empty folder `out` and returns the top-level names it holds. */
export function unpack(archive: string, out: string): string[] {
  fs.mkdirSync(out, { recursive: true });
  if (archive.endsWith('.zip')) {
    const buf = fs.readFileSync(archive);
    for (const entry of zipEntries(buf, archive)) {
      const target = path.resolve(out, entry.name);
      if (!target.startsWith(path.resolve(out) + path.sep)) throw new ArchiveError(`${path.basename(archive)}: entry ${entry.name} leaves the folder.`);
      if (entry.name.endsWith('/')) fs.mkdirSync(target, { recursive: true });
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, zipData(buf, entry, archive), { mode: 0o755 });
      }
    }
  } else if (/\.tar\.(xz|gz)$/.test(archive)) {
    // Windows: its own bsdtar (System32\tar.exe) by full path, since Git Bash puts a GNU tar first on PATH.
    const tar = process.platform === 'win32' ? path.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'tar.exe') : 'tar';
    try {
      execFileSync(tar, ['-xf', archive, '-C', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      const stderr = String((e as { stderr?: Buffer }).stderr ?? '').trim();
      throw new ArchiveError(`${path.basename(archive)} does not unpack: ${stderr.split('\n')[0] || (e as Error).message}`);
    }
  } else {
    throw new ArchiveError(`${path.basename(archive)} is neither a .zip nor a .tar.xz/.tar.gz archive.`);
  }
  return fs.readdirSync(out).sort();
}
