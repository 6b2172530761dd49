import type { FunctionRegistry } from '../gateway/functions.js';

/** Edge functions of the users area, as the embedded backend implements them. */
export const usersFunctions: FunctionRegistry = {};
