import { coachesSource } from './coaches.js';
import { feedbackSource } from './feedback.js';
import { flagsSource } from './flags.js';
import { marketingSource } from './marketing.js';
import { promptsSource } from './prompts.js';
import type { PaletteSource } from './types.js';
import { usersSource } from './users.js';

/** Every source of the palette index, one per kind. */
export const PALETTE_SOURCES: readonly PaletteSource[] = [usersSource, coachesSource, promptsSource, marketingSource, feedbackSource, flagsSource];
