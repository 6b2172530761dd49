import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DownloadOutcome, GeneratedAudio } from '../../../shared/contract/areas/tts.js';
import { TTS_MESSAGES, estimateTokens, type Voice } from '../../../shared/rules/tts/limits.js';
import { pcmSeconds } from '../../../shared/rules/tts/wav.js';
import { audioPartCount } from '../../../shared/rules/tts/audio-parts.js';
import type { EventBus } from '../../core/events.js';
import type { FileSaver } from '../../files/saved-files.js';
import { writeFileAtomically } from '../../files/atomic-file.js';
import { invoke } from '../support/functions.js';
import type { AudioPart, AudioStore } from './audio-store.js';
import { abortableSleep, generateSpeech } from './chunk-loop.js';

const keyOf = (jobId: string) => `gen/${jobId}`;

/**
 * Runs a connection's generations, one AbortController each, through its admin's client. The WAV is written to
 * main's scratch folder as the chunks arrive and kept there (the last few) for the player, Save and Download, each
 * for the admin who generated it.
 */
export class TtsGenerator {
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly user: SupabaseClient,
    private readonly events: EventBus,
    private readonly saveTarget: FileSaver,
    private readonly store: AudioStore,
  ) {}

  async generate(adminId: string, jobId: string, text: string, voice: Voice): Promise<GeneratedAudio> {
    const ac = new AbortController();
    this.running.set(jobId, ac);
    try {
      const speak = async (chunk: string) => {
        const answer = await invoke<{ success?: boolean; audioData?: string }>(this.user, 'tts-generator', { text: chunk, voice }, TTS_MESSAGES.failed);
        if (!answer?.audioData) throw new Error(TTS_MESSAGES.noAudio);
        return new Uint8Array(Buffer.from(answer.audioData, 'base64'));
      };
      let chunks = 0;
      const pcmBytes = await this.store.writeWav(keyOf(jobId), adminId, async (wav) => {
        const out = await generateSpeech(text, {
          speak,
          write: (pcm) => wav.append(pcm),
          sleep: abortableSleep,
          signal: ac.signal,
          onProgress: (chunk, total) => this.events.emit({ type: 'tts-progress', jobId, chunk, total }),
        });
        chunks = out.chunks;
      });
      const fileSize = 44 + pcmBytes;
      return { jobId, parts: audioPartCount(fileSize), chunks, durationSeconds: pcmSeconds(pcmBytes), fileSize, estimatedTokens: estimateTokens(text) };
    } finally {
      this.running.delete(jobId);
    }
  }

  /** Part of a generated WAV, for the player. */
  part(adminId: string, jobId: string, index: number): Promise<AudioPart> {
    return this.store.part(keyOf(jobId), adminId, index);
  }

  /** A generated WAV still kept in main, for Save. */
  wavOf(adminId: string, jobId: string): Promise<Uint8Array> {
    return this.store.read(keyOf(jobId), adminId);
  }

  cancel(jobId: string): boolean {
    const ac = this.running.get(jobId);
    ac?.abort();
    return !!ac;
  }

  /** The connection closes: its generations stop with it (they run through its client). */
  cancelAll(): void {
    for (const ac of this.running.values()) ac.abort();
  }

  async download(adminId: string, jobId: string, filename: string): Promise<DownloadOutcome> {
    // Checked before the dialog opens: nothing to ask where to save if the audio is gone.
    this.store.size(keyOf(jobId), adminId);
    const target = await this.saveTarget.choose({ defaultName: `${filename.trim()}.wav`, filters: [{ name: 'WAV audio', extensions: ['wav'] }] });
    if (!target) return { outcome: 'cancelled' };
    const written = await writeFileAtomically(target, this.store.stream(keyOf(jobId), adminId));
    return { outcome: 'saved', fileName: path.basename(written.path), bytes: written.bytes, file: this.saveTarget.saved(written.path) };
  }
}
