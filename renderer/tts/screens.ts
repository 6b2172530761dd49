import { lazy } from 'react';
import type { ScreenMap } from '../lib/screen-map.js';

export const ttsScreens: ScreenMap = {
  'tts-generator': lazy(() => import('./TtsGeneratorPage.js')),
  'tts-library': lazy(() => import('./TtsLibraryPage.js')),
};
