import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { VOICES } from '../../shared/rules/tts/limits.js';
import { readWav } from '../../shared/rules/tts/wav.js';
import { ESPEAK_VOICES } from '../../main/local-backend/functions/tts/voices.js';

const backend = sharedBackend();
const client = (key: string) => createClient(backend.url, key, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
const text2wav = createRequire(import.meta.url)('text2wav') as (text: string, opts: object) => Promise<Uint8Array>;
// text2wav's loader reports a harmless fallback on the console for every call.
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const saved = console.warn;
  const savedErr = console.error;
  console.warn = console.error = () => {};
  try {
    return await fn();
  } finally {
    console.warn = saved;
    console.error = savedErr;
  }
}
const TEXT = 'Reflect on what went well today.';

describe('tts-generator in the embedded backend', () => {
  it('speaks each of the eight voices as 24 kHz 16-bit mono PCM, each voice its own', { timeout: 240_000 }, async () => {
    const sb = client(backend.serviceRoleKey);
    const seen = new Set<string>();
    // Every call first, then the local comparisons: a pause over the gateway's 5 s keep-alive between calls
    // would race the server closing the idle socket (ECONNRESET), a test artefact, not the function's.
    const answers = new Map<string, Buffer>();
    for (const voice of VOICES) {
      const { data, error } = await sb.functions.invoke<{ success: boolean; audioData: string }>('tts-generator', { body: { text: TEXT, voice } });
      if (error) throw new Error(`${voice}: ${await (error as { context?: Response }).context?.text?.()}`);
      expect(data?.success).toBe(true);
      answers.set(voice, Buffer.from(data!.audioData, 'base64'));
    }
    for (const voice of VOICES) {
      const pcm = answers.get(voice)!;
      expect(pcm.length % 2).toBe(0);
      // The same speech as eSpeak makes it (22,050 Hz), resampled: the same duration at 24,000 samples a second.
      const source = await quietly(() => text2wav(TEXT, ESPEAK_VOICES[voice]));
      const info = readWav(source);
      const sourceSeconds = info.dataBytes / 2 / info.sampleRate;
      expect(pcm.length / 2 / 24_000).toBeCloseTo(sourceSeconds, 2);
      expect(sourceSeconds).toBeGreaterThan(0.8);
      // Not silence: a real signal.
      const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
      expect(samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0)).toBeGreaterThan(2000);
      seen.add(pcm.toString('base64'));
    }
    expect(seen.size).toBe(VOICES.length);
  });

  it('refuses an unknown voice, empty text, and a caller who is not an admin', async () => {
    const sb = client(backend.serviceRoleKey);
    expect((await sb.functions.invoke('tts-generator', { body: { text: 'Hi', voice: 'Nobody' } })).error).not.toBeNull();
    expect((await sb.functions.invoke('tts-generator', { body: { text: '  ', voice: 'Puck' } })).error).not.toBeNull();
    const anon = client(backend.anonKey);
    expect((await anon.functions.invoke('tts-generator', { body: { text: 'Hi', voice: 'Puck' } })).error).not.toBeNull();
  });
});
