import type { FunctionRegistry } from '../../gateway/functions.js';
import { webAnalyticsFunction } from './web-analytics.js';

/** Edge functions of the analytics area, as the embedded backend implements them. */
export const analyticsFunctions: FunctionRegistry = {
  'web-analytics': webAnalyticsFunction,
};
