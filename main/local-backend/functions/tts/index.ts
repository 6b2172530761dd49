import type { FunctionRegistry } from '../../gateway/functions.js';
import { ttsGenerator } from './tts-generator.js';

/** Edge functions of the text-to-speech area, as the embedded backend implements them. */
export const ttsFunctions: FunctionRegistry = { 'tts-generator': ttsGenerator };
