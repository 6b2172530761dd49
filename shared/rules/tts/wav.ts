/** The audio the tts-generator answers: raw PCM, 24 kHz, 16-bit little-endian, mono. */
export const SAMPLE_RATE = 24_000;
export const BITS = 16;
export const CHANNELS = 1;
export const BYTES_PER_SECOND = (SAMPLE_RATE * BITS * CHANNELS) / 8;

/** The 44-byte RIFF/WAVE header for `dataBytes` of PCM. */
export function wavHeader(dataBytes: number, sampleRate = SAMPLE_RATE, channels = CHANNELS, bits = BITS): Uint8Array {
  const header = new Uint8Array(44);
  const v = new DataView(header.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  const blockAlign = (channels * bits) / 8;
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true); // size of the fmt chunk
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, channels, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * blockAlign, true);
  v.setUint16(32, blockAlign, true);
  v.setUint16(34, bits, true);
  ascii(36, 'data');
  v.setUint32(40, dataBytes, true);
  return header;
}

export interface WavInfo {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bits: number;
  readonly format: number;
  /** Offset and length of the data chunk's PCM. */
  readonly dataOffset: number;
  readonly dataBytes: number;
}

/** Reads a WAV's format and where its PCM is, walking the chunks (other writers add LIST and other chunks). */
export function readWav(bytes: Uint8Array): WavInfo {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes'> | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = tag(at);
    let size = v.getUint32(at + 4, true);
    if (id === 'fmt ')
      fmt = {
        format: v.getUint16(at + 8, true),
        channels: v.getUint16(at + 10, true),
        sampleRate: v.getUint32(at + 12, true),
        bits: v.getUint16(at + 22, true),
      };
    if (id === 'data') {
      if (!fmt) throw new Error('WAV data before its format');
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: the data runs to the end of the file.
      if (size === 0 || size === 0xffffffff || at + 8 + size > bytes.length) size = bytes.length - at - 8;
      return { ...fmt, dataOffset: at + 8, dataBytes: size };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** Seconds of 24 kHz 16-bit mono PCM. */
export const pcmSeconds = (bytes: number): number => bytes / BYTES_PER_SECOND;
