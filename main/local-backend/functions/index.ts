import type { FunctionRegistry } from '../gateway/functions.js';
import { usersFunctions } from './users.js';
import { analyticsFunctions } from './analytics.js';
import { coachesFunctions } from './coaches.js';
import { adminCoachStats } from './admin-coach-stats.js';

/** The product's edge functions, implemented for the embedded backend; each area keeps its own registry. */
export const FUNCTIONS: FunctionRegistry = {
  'admin-coach-stats': adminCoachStats,
  ...usersFunctions,
  ...analyticsFunctions,
  ...coachesFunctions,
};
