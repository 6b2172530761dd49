import { lazy } from 'react';
import type { ScreenMap } from '../app/screen-map.js';

export const ttsScreens: ScreenMap = {
  'tts-generator': lazy(() => import('./TtsGeneratorPage.js')),
  'tts-library': lazy(() => import('./TtsLibraryPage.js')),
};
