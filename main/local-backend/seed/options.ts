/** The seed's knobs: the number of users, the anchor time and how much content each user produces on average. */

export interface SeedRatios {
  /** Journal entries per user (the 100,000-user benchmark expects about 1,000,000 blocks). */
  readonly blocksPerUser: number;
  readonly goalsPerUser: number;
  readonly challengesPerUser: number;
  readonly meditationSessionsPerUser: number;
  readonly savedReflectionsPerUser: number;
  /** Coach sessions per user (about 300,000 at 100,000 users). */
  readonly coachInteractionsPerUser: number;
  /** Average chat messages per coach session (user and assistant turns). */
  readonly messagesPerInteraction: number;
  readonly panelInteractionsPerUser: number;
  readonly coachRequestsPerUser: number;
  readonly feedbackPerUser: number;
  readonly contactInquiriesPerUser: number;
  /** AI API calls per user over the last 120 days (about 300,000 logs at 100,000 users). */
  readonly apiUsageLogsPerUser: number;
  readonly emailQueuePerUser: number;
  /** Shares of users, 0..1. */
  readonly subscriptionShare: number;
  readonly attributionShare: number;
  readonly engagementShare: number;
  /** Non-converting link visits per attributed sign-up. */
  readonly visitsPerConversion: number;
}

export interface SeedOptions extends Partial<SeedRatios> {
  /** Number of end users (about 500 by default; up to 100,000 for benchmarks). */
  readonly users?: number;
  /** The moment the demo data is anchored to; "now" by default. */
  readonly now?: Date;
  readonly log?: (line: string) => void;
}

export const DEFAULT_USERS = 500;
export const MAX_USERS = 100_000;

export const DEFAULT_RATIOS: SeedRatios = {
  blocksPerUser: 10,
  goalsPerUser: 1.5,
  challengesPerUser: 1,
  meditationSessionsPerUser: 1,
  savedReflectionsPerUser: 1.5,
  coachInteractionsPerUser: 3,
  messagesPerInteraction: 4,
  panelInteractionsPerUser: 0.3,
  coachRequestsPerUser: 0.1,
  feedbackPerUser: 0.08,
  contactInquiriesPerUser: 0.04,
  apiUsageLogsPerUser: 3,
  emailQueuePerUser: 0.1,
  subscriptionShare: 0.45,
  attributionShare: 0.4,
  engagementShare: 0.9,
  visitsPerConversion: 6,
};

export interface ResolvedSeedOptions extends SeedRatios {
  readonly users: number;
  readonly now: Date;
  readonly log: (line: string) => void;
}

export function resolveSeedOptions(opts: SeedOptions = {}): ResolvedSeedOptions {
  const users = Math.floor(opts.users ?? DEFAULT_USERS);
  if (!Number.isFinite(users) || users < 0 || users > MAX_USERS) {
    throw new Error(`The seed's user count must be between 0 and ${MAX_USERS}; got ${opts.users}`);
  }
  const ratios: { -readonly [K in keyof SeedRatios]: number } = { ...DEFAULT_RATIOS };
  for (const key of Object.keys(DEFAULT_RATIOS) as (keyof SeedRatios)[]) {
    const v = opts[key];
    if (v === undefined) continue;
    if (!Number.isFinite(v) || v < 0) throw new Error(`Seed option ${key} must be a non-negative number`);
    ratios[key] = key.endsWith('Share') ? Math.min(1, v) : v;
  }
  // Whole milliseconds only: timestamps round-trip through PostgreSQL (microseconds) unchanged.
  const now = new Date(Math.floor((opts.now ?? new Date()).getTime()));
  return { ...ratios, users, now, log: opts.log ?? (() => undefined) };
}
