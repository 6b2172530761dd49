import { describe, expect, it } from 'vitest';
import { audioBlob } from '../../renderer/tts/audio-blob.js';

describe('the player reads audio main holds part by part', () => {
  it('asks for every part in order and joins their bytes into one WAV blob', async () => {
    const parts = [Buffer.from([0, 1, 2]), Buffer.from([255, 128]), Buffer.from([7])];
    const asked: number[] = [];
    const blob = await audioBlob(3, async (index) => {
      asked.push(index);
      return { index, parts: 3, base64: parts[index]!.toString('base64') };
    });
    expect(asked).toEqual([0, 1, 2]);
    expect(blob.type).toBe('audio/wav');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0, 1, 2, 255, 128, 7]);
  });

  it('fails as the failing part does, without a partial blob', async () => {
    await expect(
      audioBlob(2, async (index) =>
        index === 0 ? { index, parts: 2, base64: 'AA==' } : Promise.reject(new Error('This audio is no longer available. Generate it again.')),
      ),
    ).rejects.toThrow('no longer available');
  });
});
