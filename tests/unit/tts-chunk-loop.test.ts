import { describe, expect, it } from 'vitest';
import { abortableSleep, generateSpeech, type ChunkLoopDeps } from '../../main/services/tts/chunk-loop.js';

const sentence = 'This sentence is exactly fifty characters long ok. ';
const twoChunks = sentence.repeat(20); // 1,020 characters: two chunks

function deps(speak: ChunkLoopDeps['speak'], signal = new AbortController().signal) {
  const waits: number[] = [];
  const progress: string[] = [];
  const written: number[] = [];
  const d: ChunkLoopDeps = {
    speak,
    signal,
    sleep: async (ms) => void waits.push(ms),
    onProgress: (x, n) => progress.push(`chunk ${x} of ${n}`),
    write: async (pcm) => void written.push(pcm.length),
  };
  return { d, waits, progress, written };
}

describe('the generator loop in main', () => {
  it('speaks each chunk, waits 1 s between chunks, reports progress and writes each chunk in order', async () => {
    const { d, waits, progress, written } = deps(async (t) => new Uint8Array(t.length * 2));
    const out = await generateSpeech(twoChunks, d);
    expect(out.chunks).toBe(2);
    expect(progress).toEqual(['chunk 1 of 2', 'chunk 2 of 2']);
    expect(waits).toEqual([1000]);
    expect(written.reduce((a, b) => a + b, 0)).toBe((twoChunks.trim().length - 1) * 2);
    expect(written).toHaveLength(2);
    expect(out.pcmBytes).toBe((twoChunks.trim().length - 1) * 2);
  });

  it('retries a chunk that fails twice, 2 s apart, then goes on', async () => {
    let calls = 0;
    const { d, waits } = deps(async () => {
      calls++;
      if (calls <= 2) throw new Error('busy');
      return new Uint8Array(10);
    });
    const out = await generateSpeech('Hello there.', d);
    expect(calls).toBe(3);
    expect(waits).toEqual([2000, 2000]);
    expect(out.pcmBytes).toBe(10);
  });

  it("stops after 3 attempts with 'Chunk {n} failed after 3 attempts: {reason}'", async () => {
    let calls = 0;
    const { d } = deps(async (t) => {
      calls++;
      if (calls > 1) throw new Error('quota exceeded');
      return new Uint8Array(t.length);
    });
    await expect(generateSpeech(twoChunks, d)).rejects.toThrow('Chunk 2 failed after 3 attempts: quota exceeded');
    expect(calls).toBe(4);
  });

  it('treats empty audio as a failure of the chunk', async () => {
    const { d } = deps(async () => new Uint8Array(0));
    await expect(generateSpeech('Hi.', d)).rejects.toThrow('Chunk 1 failed after 3 attempts: No audio data received');
  });

  it('stops when cancelled, even during a wait', async () => {
    const ac = new AbortController();
    const d: ChunkLoopDeps = {
      speak: async () => new Uint8Array(4),
      signal: ac.signal,
      sleep: abortableSleep,
      onProgress: () => ac.abort(),
      write: async () => undefined,
    };
    await expect(generateSpeech(twoChunks, d)).rejects.toThrow('Generation cancelled');
  });
});
