import type { FunctionRegistry } from '../../gateway/functions.js';
import { blockSuggestions } from './block-suggestions.js';

/** Edge functions of the prompts area, as the embedded backend implements them. */
export const promptsFunctions: FunctionRegistry = {
  'block-suggestions': blockSuggestions,
};
