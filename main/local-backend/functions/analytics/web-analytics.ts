import { requireAdmin, type FunctionContext } from '../../gateway/functions.js';
import { HttpError } from '../../gateway/http.js';

/**
 * `web-analytics` for the embedded backend. The hosted function asks Google Analytics; the demo has no GA
 * property, so it answers demo figures scaled to the number of profiles. An admin_settings row lets the demo
 * (and the tests) show the other two states the screen handles:
 *   web_analytics_mode = 'demo' (or no row): the figures;
 *   'not_configured': { configured: false };
 *   'failing': the provider fails (HTTP 500: a function's own failure; 502-504 mean the gateway itself is down).
 */
export const WEB_ANALYTICS_MODE_KEY = 'web_analytics_mode';
export type WebAnalyticsMode = 'demo' | 'not_configured' | 'failing';

const PAGES = [
  ['/', 0.31],
  ['/journal', 0.19],
  ['/coaches', 0.14],
  ['/pricing', 0.09],
  ['/meditation', 0.08],
  ['/blog/reflection-habits', 0.06],
  ['/about', 0.04],
] as const;
const DEVICES = [
  ['mobile', 0.58],
  ['desktop', 0.36],
  ['tablet', 0.06],
] as const;

/** Figures of the last 30 days, derived from the user count so they look alike at every seed size. */
export function demoFigures(profiles: number) {
  const totalUsers = Math.max(1, Math.round(profiles * 3.2));
  const sessions = Math.round(totalUsers * 1.85);
  const views = Math.round(sessions * 2.4);
  return {
    totalUsers,
    sessions,
    avgSessionDuration: 187,
    bounceRate: 42.7,
    topPages: PAGES.map(([page, share]) => ({ page, views: Math.round(views * share) })),
    deviceBreakdown: DEVICES.map(([category, share]) => ({ category, users: Math.round(totalUsers * share), percentage: Math.round(share * 1000) / 10 })),
  };
}

export async function webAnalyticsFunction(ctx: FunctionContext): Promise<unknown> {
  await requireAdmin(ctx);
  const { rows } = await ctx.db.query<{ value: string | null }>('select value from public.admin_settings where key = $1', [WEB_ANALYTICS_MODE_KEY]);
  const mode = (rows[0]?.value ?? 'demo') as WebAnalyticsMode;
  if (mode === 'not_configured') return { configured: false };
  if (mode === 'failing') throw new HttpError(500, 'upstream_failed', 'Google Analytics did not answer.');
  const { rows: count } = await ctx.db.query<{ n: string }>('select count(*)::text as n from public.profiles');
  return demoFigures(Number(count[0]?.n ?? 0));
}
