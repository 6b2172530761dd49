import type { AudioPart } from '../../shared/contract/areas/tts.js';

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/**
 * Audio main holds, read part by part into one Blob for an <audio> element (shared/rules/tts/audio-parts.ts says
 * why parts). The pieces are handed to the Blob as they come, so no one string ever holds the whole file.
 */
export async function audioBlob(parts: number, readPart: (index: number) => Promise<AudioPart>): Promise<Blob> {
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < parts; i++) pieces.push(bytesOf((await readPart(i)).base64));
  return new Blob(pieces as BlobPart[], { type: 'audio/wav' });
}
