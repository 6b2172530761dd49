import type { FunctionRegistry } from '../gateway/functions.js';
import { usersFunctions } from './users/index.js';
import { analyticsFunctions } from './analytics/index.js';
import { coachesFunctions } from './coaches/index.js';
import { emailFunctions } from './email/index.js';
import { ttsFunctions } from './tts/index.js';
import { promptsFunctions } from './prompts/index.js';
import { campaignsFunctions } from './campaigns/index.js';
import { adminCoachStats } from './coaches/admin-coach-stats.js';

/** The product's edge functions, implemented for the embedded backend; each area keeps its own registry. */
export const FUNCTIONS: FunctionRegistry = {
  'admin-coach-stats': adminCoachStats,
  ...usersFunctions,
  ...analyticsFunctions,
  ...coachesFunctions,
  ...emailFunctions,
  ...ttsFunctions,
  ...promptsFunctions,
  ...campaignsFunctions,
};
