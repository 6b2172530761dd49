/**
 * The users area's records, with the field names of spec 1 section 3 (they are what the product's functions
 * return, so the same names travel from the backend to the screen).
 */

export interface MarketingLinkRef {
  readonly campaign_name: string;
  readonly campaign_type: string;
}

export interface ListAttribution {
  readonly utm_source: string | null;
  readonly utm_campaign: string | null;
  readonly utm_medium: string | null;
  readonly marketing_links: MarketingLinkRef | null;
}

/** One row of admin-get-users. A user without an attribution row has marketing_attribution null ('Direct'). */
export interface AdminUserRow {
  readonly user_id: string;
  readonly user_email: string;
  readonly user_created_at: string;
  readonly last_sign_in_at: string | null;
  readonly subscription_id: string | null;
  readonly subscription_status: string | null;
  readonly plan_name: string | null;
  readonly plan_description: string | null;
  readonly block_count: number;
  readonly marketing_attribution: ListAttribution | null;
}

export interface DetailAttribution extends ListAttribution {
  readonly referrer: string | null;
}

export interface CoachUsage {
  readonly name: string;
  readonly messages: number;
  readonly sessions: number;
  readonly firstSession: string | null;
  readonly lastSession: string | null;
}

export interface UserStats {
  readonly totalBlocks: number;
  /** Blocks of the last 7 days. */
  readonly recentBlocks: number;
  readonly lastBlockDate: string | null;
  readonly firstBlockDate: string | null;
  readonly totalCoachMessages: number;
  readonly totalCoachSessions: number;
  readonly recentCoachMessages: number;
  readonly recentCoachSessions: number;
  readonly lastCoachDate: string | null;
  readonly firstCoachDate: string | null;
  /** Consecutive days (UTC) with a block, ending today or yesterday. */
  readonly currentStreak: number;
  readonly longestStreak: number;
  /** Keyed by coach id. */
  readonly coachBreakdown: Readonly<Record<string, CoachUsage>>;
}

/** get-user-detail's record. */
export interface UserDetailRecord {
  readonly user_id: string;
  readonly user_email: string;
  readonly user_created_at: string;
  readonly last_sign_in_at: string | null;
  readonly email_confirmed_at: string | null;
  readonly stripe_customer_id: string | null;
  readonly stripe_subscription_id: string | null;
  readonly subscription_status: string | null;
  readonly plan_name: string | null;
  readonly plan_description: string | null;
  readonly current_period_start: string | null;
  readonly current_period_end: string | null;
  readonly trial_end: string | null;
  readonly cancel_at_period_end: boolean | null;
  readonly cancellation_reason: string | null;
  readonly marketing_attribution: DetailAttribution | null;
  readonly stats: UserStats;
}

/** One row of user_engagement_metrics, as the detail screen shows it. */
export interface EngagementMetrics {
  readonly growth_phase: string | null;
  readonly engagement_score: number;
  readonly last_journal_entry_at: string | null;
  readonly last_coach_interaction_at: string | null;
  readonly last_goal_activity_at: string | null;
  readonly last_challenge_activity_at: string | null;
  readonly last_login_at: string | null;
  readonly total_journal_entries: number;
  readonly total_coach_interactions: number;
  readonly total_goals_created: number;
  readonly current_streak_days: number;
  readonly preferred_interaction_type: string | null;
  readonly most_active_day_of_week: number | null;
  readonly coach_interaction_summary: Readonly<Record<string, { readonly coach_name: string; readonly count: number }>>;
}

export interface TableCount {
  readonly table: string;
  readonly record_count: number;
}

/** A reference that stays after the deletion with the user cleared (e.g. payments kept for the books). */
export interface DetachedReference {
  readonly table: string;
  readonly column: string;
  readonly record_count: number;
}

/** admin-delete-user-preview's answer; detached_references is ours (optional for a hosted function). */
export interface DeletionPreview {
  readonly total_records: number;
  readonly tables_affected: readonly TableCount[];
  readonly detached_references?: readonly DetachedReference[];
}

/** admin-delete-user's answer (the spec does not show one; this is what the embedded function returns). */
export interface DeletionResult extends DeletionPreview {
  readonly success: true;
  readonly deleted_user_id: string;
  readonly audit_id: string | null;
}
