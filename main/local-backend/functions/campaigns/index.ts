import type { FunctionRegistry } from '../../gateway/functions.js';
import { campaignAnalytics } from './campaign-analytics.js';

/** Edge functions of the campaigns area, as the embedded backend implements them. */
export const campaignsFunctions: FunctionRegistry = { 'campaign-analytics': (ctx) => campaignAnalytics(ctx) };
