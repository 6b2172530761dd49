import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DownloadOutcome, GeneratedAudio } from '../../../shared/contract/areas/tts.js';
import { TTS_MESSAGES, estimateTokens, type Voice } from '../../../shared/rules/tts/limits.js';
import { pcmSeconds } from '../../../shared/rules/tts/wav.js';
import type { EventBus } from '../../core/events.js';
import { AppError } from '../../core/errors.js';
import type { SaveTarget } from '../../files/save-target.js';
import { writeFileAtomically } from '../../files/atomic-file.js';
import { invoke } from '../support/functions.js';
import { abortableSleep, generateSpeech } from './chunk-loop.js';

/** Runs generations, one AbortController each, and keeps the last few WAVs for Download. */
export class TtsGenerator {
  private readonly running = new Map<string, AbortController>();
  private readonly kept = new Map<string, Uint8Array>();

  constructor(
    private readonly events: EventBus,
    private readonly saveTarget: SaveTarget,
  ) {}

  async generate(user: SupabaseClient, jobId: string, text: string, voice: Voice): Promise<GeneratedAudio> {
    const ac = new AbortController();
    this.running.set(jobId, ac);
    try {
      const speak = async (chunk: string) => {
        const answer = await invoke<{ success?: boolean; audioData?: string }>(user, 'tts-generator', { text: chunk, voice }, TTS_MESSAGES.failed);
        if (!answer?.audioData) throw new Error(TTS_MESSAGES.noAudio);
        return new Uint8Array(Buffer.from(answer.audioData, 'base64'));
      };
      const out = await generateSpeech(text, { speak, sleep: abortableSleep, signal: ac.signal, onProgress: (chunk, total) => this.events.emit({ type: 'tts-progress', jobId, chunk, total }) });
      this.keep(jobId, out.wav);
      return {
        jobId,
        wavBase64: Buffer.from(out.wav.buffer, out.wav.byteOffset, out.wav.byteLength).toString('base64'),
        chunks: out.chunks,
        durationSeconds: pcmSeconds(out.pcmBytes),
        fileSize: out.wav.length,
        estimatedTokens: estimateTokens(text),
      };
    } finally {
      this.running.delete(jobId);
    }
  }

  /** A generated WAV still kept in main, for Save. */
  wavOf(jobId: string): Uint8Array {
    const wav = this.kept.get(jobId);
    if (!wav) throw new AppError('NOT_FOUND', 'This audio is no longer available. Generate it again.');
    return wav;
  }

  cancel(jobId: string): boolean {
    const ac = this.running.get(jobId);
    ac?.abort();
    return !!ac;
  }

  async download(jobId: string, filename: string): Promise<DownloadOutcome> {
    const wav = this.wavOf(jobId);
    const target = await this.saveTarget.choose({ defaultName: `${filename.trim()}.wav`, filters: [{ name: 'WAV audio', extensions: ['wav'] }] });
    if (!target) return { outcome: 'cancelled' };
    const written = await writeFileAtomically(target, [wav]);
    return { outcome: 'saved', fileName: path.basename(written.path), bytes: written.bytes };
  }

  /** The last three generations only: each can be large. */
  private keep(jobId: string, wav: Uint8Array): void {
    this.kept.set(jobId, wav);
    while (this.kept.size > 3) this.kept.delete(this.kept.keys().next().value as string);
  }
}
