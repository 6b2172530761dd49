import { z } from 'zod';
import { op } from '../define.js';
import type { SavedFile } from '../export.js';
import { auditMatch, auditNone, auditRows } from '../facts.js';
import { TTS_MESSAGES, TOKEN_LIMIT, VOICES } from '../../rules/tts/limits.js';
import { filenameProblem } from '../../rules/tts/filename.js';
import { id } from '../../rules/common/fields.js';

export interface GeneratedAudio {
  readonly jobId: string;
  /** How many parts the WAV (24 kHz 16-bit mono, kept in main) is read in for the player (`tts.audioPart`). */
  readonly parts: number;
  readonly chunks: number;
  readonly durationSeconds: number;
  readonly fileSize: number;
  readonly estimatedTokens: number;
}

export type DownloadOutcome =
  { readonly outcome: 'saved'; readonly fileName: string; readonly bytes: number; readonly file: SavedFile } | { readonly outcome: 'cancelled' };

export interface AudioPart {
  readonly index: number;
  readonly parts: number;
  readonly base64: string;
}

const jobId = id;
const partIndex = z.number().int().min(0).max(1_000);
/**
 * The Filename field: a bare name that main turns into `admin/{userId}/{name}.mp3` and `{name}.wav`, so it holds
 * only storage-safe characters (no folder separator, no leading dot: F1, the renderer never names a place).
 */
const filename = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = filenameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const tts = {
  generate: op<GeneratedAudio>()({
    input: z.strictObject({
      jobId,
      text: z
        .string()
        .refine((t) => t.trim().length > 0, 'Text is required')
        .refine((t) => Math.ceil(t.length / 4) <= TOKEN_LIMIT, TTS_MESSAGES.tokenLimit),
      voice: z.enum(VOICES),
    }),
    kind: 'write',
    effect: 'project',
    audit: auditNone("Calls the project's speech function; the audio stays in main until it is saved."),
    access: 'admin',
  }),
  cancel: op<{ cancelled: boolean }>()({
    input: z.strictObject({ jobId }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Stops a generation running in main; no row is changed.'),
    access: 'admin',
  }),
  /** One part of a generated WAV, base64, for the player (shared/rules/tts/audio-parts.ts says why parts). */
  audioPart: op<AudioPart>()({ input: z.strictObject({ jobId, index: partIndex }), kind: 'read', access: 'admin' }),
  /** Writes a generated WAV to disk through main's save dialog (temp file, fsync, rename). */
  downloadGenerated: op<DownloadOutcome>()({
    input: z.strictObject({ jobId, filename }),
    kind: 'write',
    effect: 'local',
    audit: auditNone('Writes a file on this computer; the entry keeps what was asked.'),
    access: 'admin',
  }),
};

export interface TtsFile {
  readonly id: string;
  readonly filename: string;
  readonly original_text: string | null;
  readonly voice_used: string;
  readonly duration: number;
  readonly file_path: string | null;
  readonly file_size: number | null;
  readonly estimated_tokens: number | null;
  readonly created_at: string;
}

export const ttsLibrary = {
  /** The signed-in admin's own files, newest first, 50. */
  list: op<TtsFile[]>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  save: op<TtsFile>()({
    input: z.strictObject({ jobId, filename, text: z.string().max(128_000), voice: z.enum(VOICES) }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A storage object and its row; the answer names them.'),
    access: 'admin',
    invalidates: ['ttsLibrary.list'],
  }),
  delete: op<{ deleted: boolean }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'project',
    audit: auditRows('tts_generated_audio'),
    destructive: true,
    access: 'admin',
    invalidates: ['ttsLibrary.list'],
  }),
  cleanUpFailed: op<{ deleted: number }>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'project',
    // The admin's own rows without a file (size null or 0): what the clean-up removes.
    audit: auditMatch('tts_generated_audio', ({ user }) => ({ eq: { user_id: user.id }, or: 'file_size.is.null,file_size.eq.0' })),
    destructive: true,
    access: 'admin',
    invalidates: ['ttsLibrary.list'],
  }),
  /** Fetches a saved file into main for the player: how many parts to read with audioPart. */
  audio: op<{ parts: number; bytes: number }>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin' }),
  /** One part of a saved file that `audio` fetched, base64. */
  audioPart: op<AudioPart>()({ input: z.strictObject({ id, index: partIndex }), kind: 'read', access: 'admin' }),
  download: op<DownloadOutcome>()({
    input: z.strictObject({ id }),
    kind: 'write',
    effect: 'local',
    audit: auditNone('Writes a file on this computer; the entry keeps what was asked.'),
    access: 'admin',
  }),
};
