import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { TtsGenerator } from '../../services/tts/generator.js';

export function ttsHandlers(s: AppServices): Handlers['tts'] {
  const generator = new TtsGenerator(s.events, s.saveTarget);
  return {
    generate: async ({ jobId, text, voice }) => generator.generate((await s.connections.current()).user, jobId, text, voice),
    cancel: async ({ jobId }) => ({ cancelled: generator.cancel(jobId) }),
    downloadGenerated: async ({ jobId, filename }) => generator.download(jobId, filename),
  };
}
