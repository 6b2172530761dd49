import type { FunctionRegistry } from '../../gateway/functions.js';

/** Edge functions of the coaches area, as the embedded backend implements them. */
export const coachesFunctions: FunctionRegistry = {};
