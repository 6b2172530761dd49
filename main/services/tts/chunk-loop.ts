import { splitIntoChunks } from '../../../shared/rules/tts/chunks.js';
import { CHUNK_ATTEMPTS, TTS_MESSAGES, WAIT_BETWEEN_ATTEMPTS_MS, WAIT_BETWEEN_CHUNKS_MS } from '../../../shared/rules/tts/limits.js';
import { AppError } from '../../ground/errors.js';

export interface ChunkLoopDeps {
  /** One chunk spoken: raw 24 kHz 16-bit mono PCM, or a throw whose message is the reason. */
  readonly speak: (text: string) => Promise<Uint8Array>;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly onProgress: (chunk: number, total: number) => void;
  /** Each chunk's PCM, in order, as soon as it is spoken: the joined audio can be hours long. */
  readonly write: (pcm: Uint8Array) => Promise<void>;
  readonly signal: AbortSignal;
}

export interface Generated {
  readonly chunks: number;
  readonly pcmBytes: number;
}

export const CANCELLED_MESSAGE = 'Generation cancelled';
const cancelled = () => new AppError('PRECONDITION_FAILED', CANCELLED_MESSAGE);

/**
 * The generator's loop (spec 3, section 9): chunks of about 800 characters at sentence boundaries, spoken one
 * after another with 1 s between them, each tried up to 3 times 2 s apart, written in order (into one WAV). Progress is
 * reported as each chunk starts; the signal stops the work between and during waits.
 */
export async function generateSpeech(text: string, deps: ChunkLoopDeps): Promise<Generated> {
  const chunks = splitIntoChunks(text);
  if (chunks.length === 0) throw new AppError('INVALID_INPUT', TTS_MESSAGES.failed);
  let pcmBytes = 0;
  for (let i = 0; i < chunks.length; i++) {
    if (deps.signal.aborted) throw cancelled();
    if (i > 0) await deps.sleep(WAIT_BETWEEN_CHUNKS_MS, deps.signal);
    deps.onProgress(i + 1, chunks.length);
    const pcm = await speakWithRetries(chunks[i]!, i + 1, deps);
    await deps.write(pcm);
    pcmBytes += pcm.length;
  }
  return { chunks: chunks.length, pcmBytes };
}

async function speakWithRetries(chunk: string, n: number, deps: ChunkLoopDeps): Promise<Uint8Array> {
  let reason = '';
  for (let attempt = 1; attempt <= CHUNK_ATTEMPTS; attempt++) {
    if (deps.signal.aborted) throw cancelled();
    if (attempt > 1) await deps.sleep(WAIT_BETWEEN_ATTEMPTS_MS, deps.signal);
    try {
      const pcm = await deps.speak(chunk);
      if (pcm.length === 0) throw new Error(TTS_MESSAGES.noAudio);
      return pcm;
    } catch (e) {
      if (deps.signal.aborted) throw cancelled();
      reason = e instanceof Error ? e.message : String(e);
    }
  }
  throw new AppError('BACKEND_ERROR', TTS_MESSAGES.chunkFailed(n, reason));
}

/** A wait that ends early, rejecting, when the work is cancelled. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
