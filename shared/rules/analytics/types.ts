import type { GrowthPhase, RecencyBucket, ScoreBucket } from './metrics.js';
import type { RangeDays } from './range.js';

/** The state of main's analytics replica, shown on both screens. */
export interface ReplicaInfo {
  /** When the replica last finished a sync with the backend; null before the first one. */
  readonly lastSyncedAt: string | null;
  readonly syncing: boolean;
}

export type SyncPhase = 'counting' | 'pulling' | 'reconciling';

export interface SyncProgress {
  readonly phase: SyncPhase;
  /** Rows received so far and rows expected in this run (from exact server counts). */
  readonly done: number;
  readonly total: number;
}

export interface ReplicaStatus extends ReplicaInfo {
  readonly progress: SyncProgress | null;
  /** The message of the last failed sync, cleared by the next successful one. */
  readonly lastError: string | null;
}

// User Analytics ---------------------------------------------------------------------------------------------------

/** The per-day counts behind the charts; `date` is a UTC day 'YYYY-MM-DD'. */
export interface DailyPoint {
  readonly date: string;
  readonly newUsers: number;
  /** Users signed up by the end of the day. */
  readonly totalUsers: number;
  readonly activeUsers: number;
  readonly journalEntries: number;
  readonly goals: number;
  readonly challenges: number;
  readonly meditationSessions: number;
  readonly savedReflections: number;
  readonly coachSessions: number;
  readonly panelSessions: number;
  readonly chatMessages: number;
}

export type ActivityTotals = Omit<DailyPoint, 'date' | 'newUsers' | 'totalUsers' | 'activeUsers'>;

export interface AnalyticsCards {
  readonly totalUsers: number;
  /** Sign-ups in the window (all of them for all time). */
  readonly newUsers: number;
  /** Coach sessions + panel consultations + saved mirror reflections. */
  readonly aiInteractions: number;
  /** Journal entries + goals + challenges. */
  readonly contentCreated: number;
  /** Mean of the daily active users over the daily series, to one decimal. */
  readonly averageDailyActiveUsers: number;
}

export interface BrainwaveFigures {
  readonly sessions: number;
  readonly completedSessions: number;
  readonly minutesPlanned: number;
  readonly minutesListened: number;
}

export interface MeditationFigures extends BrainwaveFigures {
  readonly byBrainwave: readonly (BrainwaveFigures & { readonly type: string })[];
}

export interface SubscriptionFigures {
  readonly active: number;
  /** Active subscriptions / total users, as a rounded percentage. */
  readonly conversionRate: number;
  readonly byPlan: readonly { readonly plan: string; readonly count: number }[];
}

export interface CoachSessions {
  readonly coachId: string;
  readonly name: string;
  readonly sessions: number;
}

export interface PanelCombination {
  /** The coach ids, sorted and joined. */
  readonly key: string;
  readonly coachNames: readonly string[];
  readonly count: number;
}

export interface UserAnalytics {
  readonly asOf: string;
  readonly days: RangeDays;
  readonly includeAdmin: boolean;
  /** The first day counted (UTC); null for all time. */
  readonly windowStart: string | null;
  readonly cards: AnalyticsCards;
  readonly meditation: MeditationFigures;
  readonly subscriptions: SubscriptionFigures;
  readonly series: readonly DailyPoint[];
  readonly totals: ActivityTotals;
  readonly coachPopularity: readonly CoachSessions[];
  readonly panelCombinations: readonly PanelCombination[];
  readonly replica: ReplicaInfo;
}

// User Activity Intelligence ---------------------------------------------------------------------------------------

export interface ActivitySummary {
  /** Users whose engagement metrics were created in the chosen months. */
  readonly totalUsers: number;
  /** Active in the last 7 days. */
  readonly activeUsers: number;
  readonly averageEngagementScore: number;
  readonly averageStreakDays: number;
  readonly totalJournalEntries: number;
  readonly totalCoachInteractions: number;
  readonly totalGoalsCreated: number;
}

export interface UserActivity {
  readonly asOf: string;
  readonly startMonth: string;
  readonly endMonth: string;
  readonly adminMuted: boolean;
  readonly summary: ActivitySummary;
  readonly growthPhases: readonly { readonly phase: GrowthPhase; readonly users: number }[];
  readonly engagementHistogram: readonly { readonly bucket: ScoreBucket; readonly users: number }[];
  readonly recency: readonly { readonly bucket: RecencyBucket; readonly users: number }[];
  readonly coachPopularity: readonly { readonly coachId: string; readonly name: string; readonly interactions: number }[];
  readonly replica: ReplicaInfo;
}

// Web analytics ----------------------------------------------------------------------------------------------------

export interface WebAnalyticsFigures {
  readonly configured: true;
  readonly totalUsers: number;
  readonly sessions: number;
  /** Seconds. */
  readonly avgSessionDuration: number;
  /** Percent. */
  readonly bounceRate: number;
  readonly topPages: readonly { readonly page: string; readonly views: number }[];
  readonly deviceBreakdown: readonly { readonly category: string; readonly users: number; readonly percentage: number }[];
}

export type WebAnalytics = WebAnalyticsFigures | { readonly configured: false };
