/** What main answers for the wisdom sources screen. */

export interface WisdomSource {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly timePeriod: string | null;
  readonly culturalBackground: string | null;
  readonly expertiseAreas: readonly string[];
  readonly isActive: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface WisdomStats {
  readonly total: number;
  readonly active: number;
  readonly inactive: number;
  /** How many of the categories have at least one source. */
  readonly categories: number;
}

export interface WisdomList {
  /** Every source, newest first (spec 2 section 7: read all by created_at descending). */
  readonly sources: readonly WisdomSource[];
  readonly stats: WisdomStats;
}

/** The form's values: text as typed (main trims), the time period as the select's value ('none' clears it). */
export interface WisdomDraft {
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly timePeriod: string;
  readonly culturalBackground: string;
  readonly expertiseAreas: readonly string[];
  readonly isActive: boolean;
}
