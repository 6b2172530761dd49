import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { WebAnalytics } from '../../../shared/rules/analytics/types.js';
import { ANALYTICS_MESSAGES } from '../../../shared/rules/analytics/messages.js';
import { AppError } from '../../ground/errors.js';
import { log } from '../../ground/log.js';
import { invoke } from '../support/functions.js';

const count = z.number().finite().nonnegative();
const figures = z.object({
  totalUsers: count,
  sessions: count,
  avgSessionDuration: count,
  bounceRate: count,
  topPages: z.array(z.object({ page: z.string(), views: count })),
  deviceBreakdown: z.array(z.object({ category: z.string(), users: count, percentage: count })),
});

/** The `web-analytics` function: its figures, or `{ configured: false }`; any failure reads as the spec's message. */
export async function webAnalytics(db: SupabaseClient): Promise<WebAnalytics> {
  const data = await invoke<unknown>(db, 'web-analytics', {}, 'web-analytics failed').catch((e: unknown) => {
    // The screen shows the spec's one message; what the function said goes to the log.
    log.warn((e as Error).message);
    throw new AppError('BACKEND_ERROR', ANALYTICS_MESSAGES.webAnalyticsFailed);
  });
  if (data && typeof data === 'object' && (data as { configured?: unknown }).configured === false) return { configured: false };
  const parsed = figures.safeParse(data);
  if (!parsed.success) {
    log.warn('web-analytics answered figures of an unexpected shape.');
    throw new AppError('BACKEND_ERROR', ANALYTICS_MESSAGES.webAnalyticsFailed);
  }
  const f = parsed.data;
  return {
    configured: true,
    totalUsers: f.totalUsers,
    sessions: f.sessions,
    avgSessionDuration: f.avgSessionDuration,
    bounceRate: f.bounceRate,
    topPages: f.topPages.map((p) => ({ page: p.page, views: p.views })),
    deviceBreakdown: f.deviceBreakdown.map((d) => ({ category: d.category, users: d.users, percentage: d.percentage })),
  };
}
