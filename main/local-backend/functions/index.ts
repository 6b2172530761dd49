import type { FunctionRegistry } from '../gateway/functions.js';
import { adminCoachStats } from './admin-coach-stats.js';

/** The product's edge functions, implemented for the embedded backend. Each issue adds its own. */
export const FUNCTIONS: FunctionRegistry = {
  'admin-coach-stats': adminCoachStats,
};
