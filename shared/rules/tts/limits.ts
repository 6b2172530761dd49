/** Text to speech constants and messages (spec 3, sections 7 to 9), word for word. */
export const VOICES = ['Puck', 'Charon', 'Kore', 'Fenrir', 'Aoede', 'Leda', 'Orus', 'Zephyr'] as const;
export type Voice = (typeof VOICES)[number];
export const DEFAULT_VOICE: Voice = 'Puck';

export const TOKEN_LIMIT = 32_000;
export const CHUNK_CHARS = 800;
export const WAIT_BETWEEN_CHUNKS_MS = 1000;
export const CHUNK_ATTEMPTS = 3;
export const WAIT_BETWEEN_ATTEMPTS_MS = 2000;

export const TTS_MESSAGES = {
  tokenLimit: 'Text exceeds 32,000 token limit. Please reduce the text length.',
  failed: 'Failed to generate audio',
  noAudio: 'No audio data received',
  chunkFailed: (n: number, reason: string) => `Chunk ${n} failed after 3 attempts: ${reason}`,
  chunkProcess: (n: number) => `Failed to process chunk ${n}`,
  cannotPlay: 'Generated audio file cannot be played in browser. You can still download it.',
  noFilename: 'Please provide a filename',
} as const;

/** Tokens as the spec estimates them: characters / 4, rounded up. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** The limit's message when the text is over it, else null. */
export const tokenLimitProblem = (text: string): string | null => (estimateTokens(text) > TOKEN_LIMIT ? TTS_MESSAGES.tokenLimit : null);

/** tts-{voice}-{timestamp}, plus -{n}chunks when the text was split. */
export function defaultFilename(voice: string, chunks: number, now: number = Date.now()): string {
  return `tts-${voice}-${now}${chunks > 1 ? `-${chunks}chunks` : ''}`;
}

/** File sizes as the library shows them: Bytes, KB, MB, GB (1,024 apart), up to two decimals. */
export function formatFileSize(bytes: number | null | undefined): string {
  const n = Number(bytes ?? 0);
  if (n <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return `${parseFloat((n / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** The save's toasts (spec 3, section 8). */
export const SAVE_MESSAGES = {
  saved: 'Audio saved successfully!',
  failed: 'Failed to save audio',
} as const;

export const LIBRARY_MESSAGES = {
  loadFailed: 'Failed to load TTS files',
  downloadFailed: 'Download failed',
  playFailed: 'Play failed',
  cannotPlay: (filename: string) => `Cannot play ${filename}. The file may be corrupted or in an unsupported format.`,
  deleteFailed: 'Delete failed',
  confirmDelete: (filename: string) => `Delete "${filename}"? This cannot be undone.`,
  confirmCleanUp: 'Delete all failed/empty files? This cannot be undone.',
  empty: 'No TTS Files Yet',
  noText: 'No text available',
} as const;
