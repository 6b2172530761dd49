import { TTS_MESSAGES } from './limits.js';

/**
 * Characters a TTS filename may use: hosted storage refuses object keys outside its safe set (ASCII letters,
 * digits and a few signs), and the same name is offered for the WAV on disk, so the signs Windows refuses in a
 * file name (: * ? and the like) are left out too.
 */
const SAFE = /^[A-Za-z0-9 _.()\-!'&$@=;+,]+$/;

export const FILENAME_CHARACTERS_MESSAGE = "Use only letters A-Z, digits, spaces and - _ . ( ) ! ' & $ @ = ; + , in a filename.";

/** What is wrong with a filename as typed, or undefined when it can be saved. */
export function filenameProblem(typed: string): string | undefined {
  const name = typed.trim();
  if (!name) return TTS_MESSAGES.noFilename;
  if (name.startsWith('.')) return 'A filename cannot start with a dot.';
  if (name.length > 200) return 'A filename can be at most 200 characters.';
  if (!SAFE.test(name)) return FILENAME_CHARACTERS_MESSAGE;
  return undefined;
}
