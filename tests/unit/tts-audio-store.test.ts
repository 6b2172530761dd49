import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioStore, AUDIO_GONE } from '../../main/services/tts/audio-store.js';
import { AUDIO_PART_BYTES, audioPartCount } from '../../shared/rules/tts/audio-parts.js';
import { readWav } from '../../shared/rules/tts/wav.js';

const dirs: string[] = [];
function storeDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-store-'));
  dirs.push(dir);
  return path.join(dir, 'audio');
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const join = (parts: { base64: string }[]) => Buffer.concat(parts.map((p) => Buffer.from(p.base64, 'base64')));

describe("main's audio store (generated and played audio, on disk, in parts)", () => {
  it('writes the PCM as it arrives after a WAV header with the final sizes, and reads it back in parts', async () => {
    const store = new AudioStore(storeDir());
    // Two chunks whose sum crosses two part boundaries: 9 MB of PCM.
    const a = new Uint8Array(5 * 1024 * 1024).fill(1);
    const b = new Uint8Array(4 * 1024 * 1024).fill(2);
    const pcm = await store.writeWav('gen/x', 'admin-1', async (w) => {
      await w.append(a);
      await w.append(b);
    });
    expect(pcm).toBe(a.length + b.length);
    const bytes = 44 + pcm;
    expect(store.size('gen/x', 'admin-1')).toBe(bytes);
    const parts = audioPartCount(bytes);
    expect(parts).toBe(3);
    const read = [];
    for (let i = 0; i < parts; i++) read.push(await store.part('gen/x', 'admin-1', i));
    expect(read.map((p) => [p.index, p.parts])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(Buffer.from(read[0]!.base64, 'base64').length).toBe(AUDIO_PART_BYTES);
    const whole = join(read);
    expect(whole.equals(Buffer.from(await store.read('gen/x', 'admin-1')))).toBe(true);
    expect(readWav(new Uint8Array(whole))).toMatchObject({ sampleRate: 24000, bits: 16, channels: 1, dataOffset: 44, dataBytes: pcm });
    expect(whole[44]).toBe(1);
    expect(whole[44 + a.length - 1]).toBe(1);
    expect(whole[44 + a.length]).toBe(2);
    expect(whole[whole.length - 1]).toBe(2);
    let streamed = 0;
    for await (const piece of store.stream('gen/x', 'admin-1')) streamed += piece.length;
    expect(streamed).toBe(bytes);
    await expect(store.part('gen/x', 'admin-1', 3)).rejects.toThrow('Part 3 is past the end of this audio (3 parts).');
  });

  it("answers another admin's audio as gone", async () => {
    const store = new AudioStore(storeDir());
    await store.put('lib/1', 'admin-1', new Uint8Array([1, 2, 3]));
    expect(store.has('lib/1', 'admin-2')).toBe(false);
    await expect(store.part('lib/1', 'admin-2', 0)).rejects.toMatchObject({ code: 'NOT_FOUND', message: AUDIO_GONE });
    await expect(store.read('lib/1', 'admin-2')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(Buffer.from((await store.part('lib/1', 'admin-1', 0)).base64, 'base64')).toEqual(Buffer.from([1, 2, 3]));
  });

  it('keeps the last few only, removing the files of the others', async () => {
    const dir = storeDir();
    const store = new AudioStore(dir, 2);
    for (const key of ['a', 'b', 'c']) await store.put(key, 'admin', new Uint8Array([1]));
    expect(['a', 'b', 'c'].map((k) => store.has(k, 'admin'))).toEqual([false, true, true]);
    await expect.poll(() => fs.readdirSync(dir).length).toBe(2);
    // The same key again replaces its file.
    await store.put('c', 'admin', new Uint8Array([2, 2]));
    expect(store.size('c', 'admin')).toBe(2);
    await expect.poll(() => fs.readdirSync(dir).length).toBe(2);
  });

  it('keeps nothing of a generation that fails half-way', async () => {
    const dir = storeDir();
    const store = new AudioStore(dir);
    await expect(
      store.writeWav('gen/y', 'admin', async (w) => {
        await w.append(new Uint8Array(10));
        throw new Error('Chunk 2 failed after 3 attempts: quota');
      }),
    ).rejects.toThrow('Chunk 2 failed');
    expect(store.has('gen/y', 'admin')).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('empties its folder when made, so a crash leaves nothing behind past the next start', async () => {
    const dir = storeDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'left-over.wav'), 'x');
    new AudioStore(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });
});
