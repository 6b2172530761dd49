/**
 * Audio crosses from main to the window in parts: a generation at the 32,000-token limit is about two and a half
 * hours of speech, some 420 MB of WAV, which one base64 string in one answer cannot hold (V8 caps a string near
 * 512 MB) and one IPC message should not. Each part is small enough to decode at once and large enough that a
 * short file is one call.
 */
export const AUDIO_PART_BYTES = 4 * 1024 * 1024;

/** How many parts a file of `bytes` crosses in (an empty file is still one, empty, part). */
export function audioPartCount(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / AUDIO_PART_BYTES));
}
