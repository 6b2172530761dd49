import { createRequire } from 'node:module';
import type * as WaveResampler from 'wave-resampler';
import { HttpError } from '../../gateway/http.js';
import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { VOICES, type Voice } from '../../../../shared/rules/tts/limits.js';
import { SAMPLE_RATE, readWav } from '../../../../shared/rules/tts/wav.js';
import { ESPEAK_VOICES } from './voices.js';
import { speakInWorker } from './speak-worker.js';

// wave-resampler is CommonJS without named exports for Node's ESM loader (main is bundled as ESM).
const { resample } = createRequire(import.meta.url)('wave-resampler') as typeof WaveResampler;

/** One request's text is one chunk of about 800 characters; this leaves room without letting a caller stall it. */
const MAX_TEXT = 4000;

/**
 * tts-generator (spec 3): body {text, voice} -> {success, audioData}, audioData being base64 raw 24 kHz 16-bit
 * mono PCM. The hosted product calls a speech service; the embedded backend speaks offline with eSpeak-NG.
 */
export async function ttsGenerator(ctx: FunctionContext): Promise<{ success: true; audioData: string }> {
  await requireAdmin(ctx);
  const body = (ctx.body ?? {}) as { text?: unknown; voice?: unknown };
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  if (!text) throw new HttpError(400, 'bad_request', 'Text is required');
  if (text.length > MAX_TEXT) throw new HttpError(400, 'bad_request', `Text is at most ${MAX_TEXT} characters per request`);
  const voice = (VOICES as readonly string[]).includes(body.voice as string) ? (body.voice as Voice) : null;
  if (!voice) throw new HttpError(400, 'bad_request', `Unknown voice: ${String(body.voice)}`);

  const wav = await speakInWorker(text, ESPEAK_VOICES[voice]);
  return { success: true, audioData: Buffer.from(toPcm24k(wav)).toString('base64') };
}

/** The WAV's samples (16-bit mono) resampled to 24 kHz, as 16-bit little-endian PCM. */
export function toPcm24k(wav: Uint8Array): Uint8Array {
  const info = readWav(wav);
  if (info.format !== 1 || info.bits !== 16 || info.channels !== 1) throw new HttpError(500, 'tts_failed', 'Unexpected audio format from the synthesiser');
  const samples = new Int16Array(info.dataBytes >> 1);
  const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, samples.length * 2);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  const resampled = info.sampleRate === SAMPLE_RATE ? samples : resample(samples, info.sampleRate, SAMPLE_RATE);
  const out = new Uint8Array(resampled.length * 2);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < resampled.length; i++) dv.setInt16(i * 2, Math.max(-32768, Math.min(32767, Math.round(resampled[i]!))), true);
  return out;
}
