import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { SAMPLE_RATE, pcmSeconds, wavHeader } from '../../../shared/rules/tts/wav.js';
import { defaultFilename, estimateTokens, type Voice } from '../../../shared/rules/tts/limits.js';
import { speakInWorker } from '../functions/tts/speak-worker.js';
import { toPcm24k } from '../functions/tts/tts-generator.js';
import { ESPEAK_VOICES } from '../functions/tts/voices.js';
import { daysBefore, type Rng } from './random.js';
import { insertRows, type Row } from './sql.js';

/** Short, so the eight phrases are spoken in about a second of the engine's time (the seed must stay fast). */
const PHRASES = [
  'Welcome to Reflect. Take a deep breath.',
  "Today's wisdom: the obstacle is the way.",
  'Your weekly summary is ready.',
  'Notice five sounds around you.',
];
const VOICES: readonly Voice[] = ['Puck', 'Charon', 'Kore', 'Fenrir', 'Aoede', 'Leda', 'Orus', 'Zephyr'];
const BUCKET = 'tts-audio';

export interface SpokenPhrase {
  readonly voice: Voice;
  readonly text: string;
  /** The WAV as the generator saves it: 24 kHz 16-bit mono. */
  readonly wav: Uint8Array;
}

/**
 * The library's audio, spoken by the demo's own engine (the one tts-generator uses), one phrase per voice. The
 * engine runs on its own thread, so the stack starts it before PostgreSQL and the two overlap. A failure is
 * answered, not thrown: the seed then leaves the library without audio.
 */
export function speakLibrary(): Promise<SpokenPhrase[] | Error> {
  return spokenPhrases().catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
}

async function spokenPhrases(): Promise<SpokenPhrase[]> {
  return Promise.all(
    VOICES.map(async (voice, i) => {
      const text = PHRASES[i % PHRASES.length]!;
      const pcm = toPcm24k(await speakInWorker(text, ESPEAK_VOICES[voice]));
      const wav = new Uint8Array(44 + pcm.length);
      wav.set(wavHeader(pcm.length, SAMPLE_RATE), 0);
      wav.set(pcm, 44);
      return { voice, text, wav };
    }),
  );
}

/**
 * The demo admin's TTS library: one saved file per voice whose row and stored object agree (size, duration, token
 * count), named as the generator names a file; then two failed rows with no file (size 0 or null, one with no text)
 * for Clean Up Failed. Without audio (no storage folder, or no speech engine) only the failed rows are seeded:
 * a row is never written for audio that is not stored. The random draws are the same either way, so the rest
 * of the seed does not change.
 */
export async function insertTts(
  client: pg.PoolClient,
  rng: Rng,
  now: Date,
  adminId: string,
  audio?: { readonly spoken: readonly SpokenPhrase[]; readonly storageRoot: string },
): Promise<void> {
  const rows: Row[] = [];
  const objects: Array<{ name: string; bytes: Uint8Array }> = [];
  VOICES.concat(['Puck', 'Kore']).forEach((voice, i) => {
    const at = daysBefore(now, i * 6 + rng.next() * 5);
    const id = rng.uuid();
    // Named as the generator names a new file, so the library reads in one case.
    const filename = defaultFilename(voice, 1, at.getTime());
    const file_path = `admin/${adminId}/${filename}.mp3`;
    const spoken = audio?.spoken[i];
    if (i >= VOICES.length) {
      const text = i === VOICES.length ? PHRASES[1]! : '';
      rows.push({
        id,
        user_id: adminId,
        filename,
        original_text: text,
        voice_used: voice,
        duration: 0,
        file_path,
        file_size: i % 2 ? null : 0,
        estimated_tokens: estimateTokens(text),
        created_at: at,
      });
    } else if (spoken) {
      const seconds = Math.round(pcmSeconds(spoken.wav.length - 44) * 100) / 100;
      rows.push({
        id,
        user_id: adminId,
        filename,
        original_text: spoken.text,
        voice_used: voice,
        duration: seconds,
        file_path,
        file_size: spoken.wav.length,
        estimated_tokens: estimateTokens(spoken.text),
        created_at: at,
      });
      objects.push({ name: file_path, bytes: spoken.wav });
    }
  });
  if (audio) await storeObjects(client, audio.storageRoot, adminId, objects);
  await insertRows(client, 'public.tts_generated_audio', rows);
}

/** The objects' metadata rows and files, as the gateway's upload writes them (each file whole or not at all). */
async function storeObjects(
  client: pg.PoolClient,
  storageRoot: string,
  adminId: string,
  objects: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
): Promise<void> {
  // Files of an earlier seed that did not commit: its names carried another time, so they would stay forever.
  await fsp.rm(path.join(storageRoot, BUCKET, 'admin', adminId), { recursive: true, force: true });
  await insertRows(
    client,
    'storage.objects',
    objects.map((o) => ({
      bucket_id: BUCKET,
      name: o.name,
      owner: adminId,
      metadata: JSON.stringify({ size: o.bytes.length, mimetype: 'audio/mp3', eTag: crypto.createHash('md5').update(o.bytes).digest('hex') }),
    })),
  );
  for (const o of objects) {
    const file = path.join(storageRoot, BUCKET, o.name);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(`${file}.tmp`, o.bytes);
    await fsp.rename(`${file}.tmp`, file);
  }
}
