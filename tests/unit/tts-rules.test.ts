import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from '../../shared/rules/tts/chunks.js';
import { pcmSeconds, readWav, wavHeader } from '../../shared/rules/tts/wav.js';
import { TTS_MESSAGES, VOICES, defaultFilename, estimateTokens, tokenLimitProblem } from '../../shared/rules/tts/limits.js';
import { FILENAME_CHARACTERS_MESSAGE, filenameProblem } from '../../shared/rules/tts/filename.js';
import { contract } from '../../shared/contract/index.js';

describe('tts chunking', () => {
  it('keeps short text whole and packs sentences up to 800 characters, cutting only between sentences', () => {
    expect(splitIntoChunks('Hello there. How are you?')).toEqual(['Hello there. How are you?']);
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const chunks = splitIntoChunks(sentence.repeat(40));
    expect(chunks).toHaveLength(3);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(800);
      expect(c.endsWith('ok.')).toBe(true);
    }
    expect(chunks.join(' ')).toBe(sentence.repeat(40).trim());
  });

  it('cuts a sentence longer than 800 characters at word boundaries', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ') + '.';
    const chunks = splitIntoChunks(words);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(800);
      expect(c).toMatch(/^word\d+/);
    }
    expect(chunks.join(' ')).toBe(words);
  });

  it('cuts text with no punctuation and no spaces without losing a character', () => {
    const text = 'a'.repeat(2000);
    const chunks = splitIntoChunks(text);
    expect(chunks.map((c) => c.length)).toEqual([800, 800, 400]);
    expect(chunks.join('')).toBe(text);
  });

  it('never splits a unicode character, and finds sentence ends in other scripts', () => {
    const emoji = '👩‍👩‍👧‍👦'.repeat(200); // each family is 11 UTF-16 units
    const chunks = splitIntoChunks(emoji);
    expect(chunks.join('')).toBe(emoji);
    for (const c of chunks) expect([...new Intl.Segmenter().segment(c)].every((s) => s.segment === '👩‍👩‍👧‍👦')).toBe(true);
    const jp = 'これは日本語の文です。'.repeat(100);
    const jpChunks = splitIntoChunks(jp);
    for (const c of jpChunks) expect(c.endsWith('。')).toBe(true);
    expect(jpChunks.join('')).toBe(jp);
  });

  it('gives nothing for empty text', () => {
    expect(splitIntoChunks('   \n ')).toEqual([]);
  });
});

describe('tts wav', () => {
  it('writes the 44-byte header of 24 kHz 16-bit mono', () => {
    const info = readWav(Uint8Array.from([...wavHeader(4800), ...new Uint8Array(4800)]));
    expect(info).toEqual({ format: 1, channels: 1, sampleRate: 24000, bits: 16, dataOffset: 44, dataBytes: 4800 });
    const v = new DataView(wavHeader(4800).buffer);
    expect(v.getUint32(4, true)).toBe(36 + 4800);
    expect(v.getUint32(28, true)).toBe(48000);
    expect(v.getUint16(32, true)).toBe(2);
  });

  it('gives a second per 48,000 bytes of PCM', () => {
    expect(pcmSeconds(48000)).toBe(1);
  });
});

describe('tts limits', () => {
  it('estimates tokens as characters / 4 rounded up, and stops above 32,000', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
    expect(tokenLimitProblem('a'.repeat(128_000))).toBeNull();
    expect(tokenLimitProblem('a'.repeat(128_001))).toBe('Text exceeds 32,000 token limit. Please reduce the text length.');
    expect(TTS_MESSAGES.chunkFailed(2, 'timeout')).toBe('Chunk 2 failed after 3 attempts: timeout');
  });

  it('names the file tts-{voice}-{timestamp}, with -{n}chunks when split', () => {
    expect(defaultFilename('Puck', 1, 42)).toBe('tts-Puck-42');
    expect(defaultFilename('Kore', 3, 42)).toBe('tts-Kore-42-3chunks');
  });
});

describe('tts library sizes', () => {
  it('writes sizes in Bytes, KB, MB and GB', async () => {
    const { formatFileSize } = await import('../../shared/rules/tts/limits.js');
    expect(formatFileSize(null)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('TTS filename (storage-safe, one rule for the form and main)', () => {
  it('accepts the default name and plain names, trimmed', () => {
    for (const voice of VOICES) expect(filenameProblem(defaultFilename(voice, 2)), voice).toBeUndefined();
    expect(filenameProblem("  Morning (v2) - Ann's take  ")).toBeUndefined();
  });
  it('refuses blank, leading dot, too long, and what hosted storage refuses as a key', () => {
    expect(filenameProblem('   ')).toBe('Please provide a filename');
    expect(filenameProblem('.hidden')).toBe('A filename cannot start with a dot.');
    expect(filenameProblem('a'.repeat(201))).toBe('A filename can be at most 200 characters.');
    for (const bad of ['Café', 'a#b', 'a/b', 'a\\b', 'a:b', 'a*b', 'a?b', 'tab\there', 'emoji 🙂']) {
      expect(filenameProblem(bad), bad).toBe(FILENAME_CHARACTERS_MESSAGE);
    }
  });
  it('is what main parses: the contract refuses the same names with the same message', () => {
    const parse = (filename: string) =>
      contract.ttsLibrary.save.input.safeParse({ jobId: '00000000-0000-4000-8000-000000000000', filename, text: 'x', voice: 'Puck' });
    expect(parse('Café').success).toBe(false);
    expect(parse('Cafe').success).toBe(true);
  });
});
