import type { FunctionRegistry } from '../gateway/functions.js';

/** Edge functions of the analytics area, as the embedded backend implements them. */
export const analyticsFunctions: FunctionRegistry = {};
