import type { FunctionRegistry } from '../gateway/functions.js';

/** The product's edge functions, implemented for the embedded backend. Each issue adds its own. */
export const FUNCTIONS: FunctionRegistry = {};
