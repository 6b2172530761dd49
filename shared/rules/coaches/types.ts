import type { GenerationParams, VersionItem } from '../versions/types.js';
import type { CoachCounts, CoachUsage } from './sort.js';
import type { InquiryStatus } from './fields.js';

/** A row of coaches (spec 2 section 3). */
export interface Coach {
  readonly id: string;
  readonly name: string;
  readonly slug: string | null;
  readonly description: string | null;
  readonly isFree: boolean;
  readonly isActive: boolean;
  readonly category: string | null;
  readonly subscriptionTier: string;
  readonly sampleInteraction: string | null;
  readonly avatarUrl: string | null;
  readonly coachType: string;
  readonly creatorId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CoachSummary extends Coach {
  /** An active system prompt exists (the "No Prompt" badge otherwise). */
  readonly hasPrompt: boolean;
  readonly promptCount: number;
  /** The version number of the current prompt, if any. */
  readonly promptVersion: number | null;
}

export interface CoachList {
  readonly coaches: readonly CoachSummary[];
  readonly counts: CoachCounts;
}

export type CoachUsageMap = Readonly<Record<string, CoachUsage>>;

export interface CoachDetail {
  readonly coach: Coach;
  /** The current system prompt: the active one of highest version. */
  readonly prompt: VersionItem | null;
  readonly promptCount: number;
  readonly knowledgeBase: VersionItem | null;
  readonly knowledgeCount: number;
}

/** The configuration an administrator edits (create and update). */
export interface CoachFields {
  readonly name: string;
  readonly description: string | null;
  readonly category: string | null;
  readonly subscriptionTier: string;
  readonly coachType: string;
  readonly isFree: boolean;
  readonly isActive: boolean;
  readonly sampleInteraction: string | null;
}

export interface PromptDraft {
  readonly content: string;
  readonly params: GenerationParams;
  readonly notes: string | null;
}

/** One line of the coach request leaderboard. */
export interface CoachRequestLeader {
  readonly name: string;
  readonly count: number;
  readonly latestAt: string;
  /** The first distinct messages, newest first (at most 2). */
  readonly sampleMessages: readonly string[];
  /** How many distinct messages the group has in all. */
  readonly messageCount: number;
}

export interface CoachInquiry {
  readonly id: string;
  readonly fullName: string;
  readonly email: string;
  readonly message: string | null;
  readonly status: InquiryStatus;
  readonly website: string | null;
  readonly linkedin: string | null;
  readonly createdAt: string;
}
