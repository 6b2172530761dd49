import type { WisdomDraft, WisdomSource } from '../../shared/rules/wisdom/types.js';
import { NO_TIME_PERIOD } from '../../shared/rules/wisdom/fields.js';

/** The add form starts empty (no category chosen, no period) and active. */
export const EMPTY_DRAFT: WisdomDraft = {
  name: '',
  description: '',
  category: '',
  timePeriod: NO_TIME_PERIOD,
  culturalBackground: '',
  expertiseAreas: [],
  isActive: true,
};

/** The edit form starts from what the server holds. */
export function draftOf(s: WisdomSource): WisdomDraft {
  return {
    name: s.name,
    description: s.description,
    category: s.category,
    timePeriod: s.timePeriod ?? NO_TIME_PERIOD,
    culturalBackground: s.culturalBackground ?? '',
    expertiseAreas: [...s.expertiseAreas],
    isActive: s.isActive,
  };
}

/** What the contract takes: main trims and turns 'none' into no period. */
export function inputOf(d: WisdomDraft) {
  return {
    name: d.name,
    description: d.description,
    category: d.category,
    timePeriod: d.timePeriod,
    culturalBackground: d.culturalBackground,
    expertiseAreas: [...d.expertiseAreas],
    isActive: d.isActive,
  };
}
