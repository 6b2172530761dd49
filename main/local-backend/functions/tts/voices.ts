import type { Voice } from '../../../../shared/rules/tts/limits.js';

/**
 * The eight product voices as eSpeak-NG voices and variants: each distinct, male voices for the voices the
 * hosted service presents as male, female ones for the rest, with pitch and speed to tell them apart.
 */
export const ESPEAK_VOICES: Record<Voice, { readonly voice: string; readonly pitch: number; readonly speed: number }> = {
  Puck: { voice: 'en-us+m3', pitch: 55, speed: 175 },
  Charon: { voice: 'en+m1', pitch: 35, speed: 160 },
  Kore: { voice: 'en+f2', pitch: 50, speed: 170 },
  Fenrir: { voice: 'en-us+m7', pitch: 60, speed: 190 },
  Aoede: { voice: 'en+f4', pitch: 60, speed: 165 },
  Leda: { voice: 'en-us+f3', pitch: 70, speed: 180 },
  Orus: { voice: 'en+m4', pitch: 40, speed: 165 },
  Zephyr: { voice: 'en-us+f5', pitch: 65, speed: 175 },
};
