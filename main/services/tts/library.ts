import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { DownloadOutcome, TtsFile } from '../../../shared/contract/areas/tts.js';
import { estimateTokens, type Voice } from '../../../shared/rules/tts/limits.js';
import { readWav, pcmSeconds } from '../../../shared/rules/tts/wav.js';
import { AppError } from '../../ground/errors.js';
import type { FileSaver } from '../../files/saved-files.js';
import { writeFileAtomically } from '../../files/atomic-file.js';
import { must } from '../support/query.js';
import { audioPartCount } from '../../../shared/rules/tts/audio-parts.js';
import type { AudioPart, AudioStore } from './audio-store.js';
import type { UploadJournal } from './pending-uploads.js';
import { deleteRowSettled } from '../support/delete-settled.js';

export const TTS_BUCKET = 'tts-audio';
const COLUMNS = 'id, filename, original_text, voice_used, duration, file_path, file_size, estimated_tokens, created_at';
export const LIBRARY_LIMIT = 50;

/** The admin's own files, newest first, 50 (spec 3, section 9). */
export async function listTtsFiles(db: SupabaseClient, userId: string): Promise<TtsFile[]> {
  const rows = must(
    await db.from('tts_generated_audio').select(COLUMNS).eq('user_id', userId).order('created_at', { ascending: false }).limit(LIBRARY_LIMIT),
    'Failed to load TTS files',
  );
  return (rows as TtsFile[]).map((r) => ({ ...r, duration: Number(r.duration), file_size: r.file_size === null ? null : Number(r.file_size) }));
}

/**
 * Where a save's audio is stored: admin/{userId}/{filename}.mp3, the spec's path. Two rows never share it: a name
 * already in the library is refused before the upload (nameInUse), and the upload never overwrites, so a race
 * between two saves of one name is refused by storage itself.
 */
export function ttsObjectPath(userId: string, filename: string): string {
  return `admin/${userId}/${filename.trim()}.mp3`;
}

/** The refusal of a name already in use; the name is in it, so the admin knows which one to change. */
export const nameInUse = (filename: string): string =>
  `A file named "${filename.trim()}" is already in your library. Choose another filename, or delete that file first.`;

/** Case is ignored: a case-insensitive disk (macOS, Windows) would store Calm.mp3 and calm.mp3 as one file. */
async function assertNameFree(db: SupabaseClient, userId: string, filename: string): Promise<void> {
  const pattern = filename.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = must(
    await db.from('tts_generated_audio').select('id').eq('user_id', userId).ilike('filename', pattern).limit(1),
    'Reading the library',
  ) as unknown[];
  if (rows.length > 0) throw new AppError('CONFLICT', nameInUse(filename));
}

/**
 * Uploads the audio to its own object (audio/mp3, as the spec's product does, but never over another object: the
 * spec's overwrite let two saves of one name share an object, so deleting either broke the other) and records
 * the row. The journal notes the upload until the row is in, so a kill in between is settled at the next start; a
 * failed insert removes the object at once.
 */
export async function saveTtsFile(
  db: SupabaseClient,
  userId: string,
  wav: Uint8Array,
  filename: string,
  text: string,
  voice: Voice,
  journal?: UploadJournal,
): Promise<TtsFile> {
  await assertNameFree(db, userId, filename);
  const filePath = ttsObjectPath(userId, filename);
  const done = journal?.begin(TTS_BUCKET, filePath);
  const up = await db.storage.from(TTS_BUCKET).upload(filePath, wav, { contentType: 'audio/mp3', upsert: false });
  if (up.error && isAlreadyThere(up.error)) {
    // Not ours: another save of this name got there first (or an object no row holds, which the journal of the
    // save that left it settles). Nothing of this save landed.
    done?.();
    throw new AppError('CONFLICT', nameInUse(filename));
  }
  // A failed upload keeps its entry: the object may have landed all the same, and the next start settles it.
  if (up.error) throw new AppError('BACKEND_ERROR', `Upload failed: ${up.error.message}`);
  const row = {
    user_id: userId,
    filename: filename.trim(),
    original_text: text,
    voice_used: voice,
    duration: Math.round(pcmSeconds(readWav(wav).dataBytes) * 100) / 100,
    file_path: filePath,
    file_size: wav.length,
    estimated_tokens: estimateTokens(text),
  };
  const inserted = await db.from('tts_generated_audio').insert(row).select(COLUMNS).single();
  if (inserted.error) {
    // The reply may be lost after the insert committed: the object goes only if no row holds it; if that cannot be
    // told now, the entry stays and the next start settles it.
    if (
      await removeUnreferenced(db, [filePath]).then(
        () => true,
        () => false,
      )
    )
      done?.();
  }
  const saved = must(inserted, 'Saving the audio record') as unknown as TtsFile;
  done?.();
  return { ...saved, duration: Number(saved.duration), file_size: Number(saved.file_size) };
}

/** storage-api's answer to an upload over an existing object without upsert (409 Duplicate). */
function isAlreadyThere(error: Error): boolean {
  const e = error as Error & { statusCode?: string; status?: number; error?: string };
  return e.statusCode === '409' || e.status === 409 || e.error === 'Duplicate' || /already exists/i.test(e.message);
}

/**
 * Removes the objects of `paths` that no row holds any more. Rows saved before each save had its own object may
 * share one (the old admin/{userId}/{filename}.mp3): deleting one of them must leave the other's audio.
 */
async function removeUnreferenced(db: SupabaseClient, paths: readonly string[]): Promise<void> {
  const unique = [...new Set(paths)];
  // A hundred paths a request keeps the filter's URL short.
  for (let i = 0; i < unique.length; i += 100) {
    const some = unique.slice(i, i + 100);
    const held = must(await db.from('tts_generated_audio').select('file_path').in('file_path', some), 'Reading the audio records') as Array<{
      file_path: string;
    }>;
    const stillHeld = new Set(held.map((r) => r.file_path));
    const orphaned = some.filter((p) => !stillHeld.has(p));
    if (orphaned.length === 0) continue;
    const gone = await db.storage.from(TTS_BUCKET).remove(orphaned);
    if (gone.error) throw new AppError('BACKEND_ERROR', `Removing the stored audio failed: ${gone.error.message}`);
  }
}

async function ownFile(db: SupabaseClient, userId: string, id: string): Promise<TtsFile> {
  const rows = must(await db.from('tts_generated_audio').select(COLUMNS).eq('id', id).eq('user_id', userId).limit(1), 'Reading the audio record') as TtsFile[];
  if (!rows[0]) throw new AppError('NOT_FOUND', 'This file no longer exists.');
  return rows[0];
}

/** Row first; then its object, unless another row still holds it; a storage removal that fails is ignored (the spec's order). */
export async function deleteTtsFile(db: SupabaseClient, userId: string, id: string): Promise<{ deleted: boolean }> {
  const file = await ownFile(db, userId, id);
  const { error } = await deleteRowSettled(db, 'tts_generated_audio', id, { where: (q) => q.eq('user_id', userId) });
  if (error) throw new AppError('BACKEND_ERROR', `Database deletion failed: ${error.message}`);
  if (file.file_path) await removeUnreferenced(db, [file.file_path]).catch(() => undefined);
  return { deleted: true };
}

/** Deletes the admin's rows whose file_size is null or 0, and the objects that belonged to those rows only. */
export async function cleanUpFailed(db: SupabaseClient, userId: string): Promise<{ deleted: number }> {
  const found = await db.from('tts_generated_audio').select('id, file_path').eq('user_id', userId).or('file_size.is.null,file_size.eq.0');
  if (found.error) throw new AppError('BACKEND_ERROR', `Cleanup failed: ${found.error.message}`);
  const rows = (found.data ?? []) as Array<{ id: string; file_path: string | null }>;
  if (rows.length === 0) return { deleted: 0 };
  const { error } = await db
    .from('tts_generated_audio')
    .delete()
    .in(
      'id',
      rows.map((r) => r.id),
    )
    .eq('user_id', userId);
  if (error) throw new AppError('BACKEND_ERROR', `Cleanup failed: ${error.message}`);
  await removeUnreferenced(
    db,
    rows.flatMap((r) => (r.file_path ? [r.file_path] : [])),
  ).catch(() => undefined);
  return { deleted: rows.length };
}

/** What the library says when a file's audio cannot be had: which file, and what is wrong with it. */
export const AUDIO_PROBLEMS = {
  notStored: (filename: string) => `No audio is stored for "${filename}": its save did not finish. Clean Up Failed removes such files.`,
  missing: (filename: string) => `The audio of "${filename}" is missing from storage. Delete the file and save it again.`,
  unreadable: (filename: string, reason: string) => `The audio of "${filename}" could not be read from storage: ${reason}`,
} as const;

async function bytesOf(db: SupabaseClient, file: TtsFile): Promise<Uint8Array> {
  if (!file.file_path || !Number(file.file_size)) throw new AppError('NOT_FOUND', AUDIO_PROBLEMS.notStored(file.filename));
  const { data, error } = await db.storage.from(TTS_BUCKET).download(file.file_path);
  const status = (error as { statusCode?: string } | null)?.statusCode;
  if (status === '404') throw new AppError('NOT_FOUND', AUDIO_PROBLEMS.missing(file.filename));
  if (error || !data) throw new AppError('BACKEND_ERROR', AUDIO_PROBLEMS.unreadable(file.filename, error?.message ?? 'the answer was empty'));
  return new Uint8Array(await data.arrayBuffer());
}

/** Reads a saved file into main's store for the player; the window then reads it in parts. */
export async function ttsAudio(db: SupabaseClient, store: AudioStore, userId: string, id: string): Promise<{ parts: number; bytes: number }> {
  const bytes = await bytesOf(db, await ownFile(db, userId, id));
  await store.put(`lib/${id}`, userId, bytes);
  return { parts: audioPartCount(bytes.length), bytes: bytes.length };
}

export function ttsAudioPart(store: AudioStore, userId: string, id: string, index: number): Promise<AudioPart> {
  return store.part(`lib/${id}`, userId, index);
}

/** The saved bytes (a WAV) to disk through main's save target, named {filename}.wav. */
export async function downloadTtsFile(db: SupabaseClient, saveTarget: FileSaver, userId: string, id: string): Promise<DownloadOutcome> {
  const file = await ownFile(db, userId, id);
  const bytes = await bytesOf(db, file);
  const target = await saveTarget.choose({ defaultName: `${file.filename}.wav`, filters: [{ name: 'WAV audio', extensions: ['wav'] }] });
  if (!target) return { outcome: 'cancelled' };
  const written = await writeFileAtomically(target, [bytes]);
  return { outcome: 'saved', fileName: path.basename(written.path), bytes: written.bytes, file: saveTarget.saved(written.path) };
}
