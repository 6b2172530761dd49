import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

/** The prompt families' and chatbots' screens, by admin route path (see app/route-table.ts). */
const mirror = lazy(() => import('./MirrorPromptsPage.js'));
export const promptsScreens: ScreenMap = {
  mirror,
  'mirror-prompts': mirror,
  'mirror/:type/history': lazy(() => import('./MirrorHistoryPage.js')),
  'daily-wisdom-prompts': lazy(() => import('./DailyWisdomPage.js')),
  'entry-analysis-prompts': lazy(() => import('./EntryAnalysisPage.js')),
  'block-suggestion-prompts': lazy(() => import('./BlockSuggestionPage.js')),
  'public-chatbot': lazy(() => import('./PublicChatbotPage.js')),
  'public-chatbot/history': lazy(() => import('./PublicChatbotHistoryPage.js')),
  'internal-chatbot': lazy(() => import('./InternalChatbotPage.js')),
  'internal-chatbot/history': lazy(() => import('./InternalChatHistoryPage.js')),
};
