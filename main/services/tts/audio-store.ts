import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_PART_BYTES, audioPartCount } from '../../../shared/rules/tts/audio-parts.js';
import { wavHeader } from '../../../shared/rules/tts/wav.js';
import { AppError } from '../../ground/errors.js';
import type { AudioPart } from '../../../shared/contract/areas/tts.js';
import { counted } from '../../../shared/rules/common/plural.js';

export type { AudioPart };

interface Entry {
  readonly file: string;
  readonly owner: string;
  readonly bytes: number;
}

/** Written PCM as it arrives, then the header: the WAV is never whole in memory. */
export interface WavWriter {
  append(pcm: Uint8Array): Promise<void>;
}

export const AUDIO_GONE = 'This audio is no longer available. Generate it again.';

/** A file removed between the lookup and the read (a newer generation replaced it) is gone, not broken. */
const gone = (err: NodeJS.ErrnoException): never => {
  throw err.code === 'ENOENT' ? new AppError('NOT_FOUND', AUDIO_GONE) : err;
};

/**
 * The audio main holds for the window (generated WAVs for play, Save and Download; saved files fetched for
 * play): files in main's scratch folder, not memory, the last few only, each readable by the admin it was made
 * for. Keys are main's own (`gen/{jobId}`, `lib/{id}`); the folder is emptied when the store is made, so a
 * crash leaves nothing behind for longer than the next start.
 */
export class AudioStore {
  private readonly entries = new Map<string, Entry>();
  private next = 0;

  constructor(
    private readonly dir: string,
    private readonly keep = 3,
  ) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Writes a WAV of the PCM `fill` appends; kept under `key` for `owner` only once complete. */
  async writeWav(key: string, owner: string, fill: (writer: WavWriter) => Promise<void>): Promise<number> {
    const file = path.join(this.dir, `${this.next++}.wav`);
    const handle = await fsp.open(file, 'wx', 0o600);
    let pcmBytes = 0;
    try {
      await handle.write(new Uint8Array(44), 0, 44, 0);
      await fill({
        append: async (pcm) => {
          await handle.write(pcm, 0, pcm.length, 44 + pcmBytes);
          pcmBytes += pcm.length;
        },
      });
      await handle.write(wavHeader(pcmBytes), 0, 44, 0);
      await handle.close();
    } catch (err) {
      await handle.close().catch(() => undefined);
      await fsp.rm(file, { force: true });
      throw err;
    }
    this.add(key, { file, owner, bytes: 44 + pcmBytes });
    return pcmBytes;
  }

  /** Keeps bytes that arrived whole (a saved file read back from storage). */
  async put(key: string, owner: string, bytes: Uint8Array): Promise<void> {
    const file = path.join(this.dir, `${this.next++}.bin`);
    await fsp.writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
    this.add(key, { file, owner, bytes: bytes.length });
  }

  has(key: string, owner: string): boolean {
    return this.entries.get(key)?.owner === owner;
  }

  size(key: string, owner: string): number {
    return this.entry(key, owner).bytes;
  }

  /** Part `index` of the file, base64. */
  async part(key: string, owner: string, index: number): Promise<AudioPart> {
    const e = this.entry(key, owner);
    const parts = audioPartCount(e.bytes);
    if (index >= parts) throw new AppError('INVALID_INPUT', `Part ${index} is past the end of this audio (${counted(parts, 'part')}).`);
    const length = Math.min(AUDIO_PART_BYTES, e.bytes - index * AUDIO_PART_BYTES);
    const buffer = Buffer.alloc(length);
    const handle = await fsp.open(e.file, 'r').catch(gone);
    try {
      await handle.read(buffer, 0, length, index * AUDIO_PART_BYTES);
    } finally {
      await handle.close();
    }
    return { index, parts, base64: buffer.toString('base64') };
  }

  /** The whole file (Save uploads it in one request). */
  async read(key: string, owner: string): Promise<Uint8Array> {
    return new Uint8Array(await fsp.readFile(this.entry(key, owner).file).catch(gone));
  }

  /** The file's bytes as a stream of pieces (Download copies them to the chosen file). */
  async *stream(key: string, owner: string): AsyncGenerator<Uint8Array> {
    for await (const piece of fs.createReadStream(this.entry(key, owner).file, { highWaterMark: 1024 * 1024 })) yield piece as Buffer;
  }

  private entry(key: string, owner: string): Entry {
    const e = this.entries.get(key);
    // Another admin's audio answers as if it did not exist.
    if (!e || e.owner !== owner) throw new AppError('NOT_FOUND', AUDIO_GONE);
    return e;
  }

  private add(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    this.entries.delete(key);
    if (old) void fsp.rm(old.file, { force: true });
    this.entries.set(key, entry);
    while (this.entries.size > this.keep) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      void fsp.rm(e.file, { force: true });
    }
  }
}
