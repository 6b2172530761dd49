/** The analytics screens' messages (spec 1 section 8), word for word. */
export const ANALYTICS_MESSAGES = {
  analyticsError: (message: string) => `Error loading analytics data: ${message}`,
  activityError: (message: string) => `Error loading user activity data: ${message}`,
  activityEmpty: 'No user activity data available',
  webAnalyticsFailed: 'Failed to load Google Analytics data',
} as const;

/** Spec 1 section 9: engagement data is stale after 5 minutes, web analytics after 10. */
export const ENGAGEMENT_STALE_MS = 5 * 60_000;
export const WEB_ANALYTICS_STALE_MS = 10 * 60_000;
