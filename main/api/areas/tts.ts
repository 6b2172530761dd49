import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { TtsGenerator } from '../../services/tts/generator.js';
import { cleanUpFailed, deleteTtsFile, downloadTtsFile, listTtsFiles, saveTtsFile, ttsAudio } from '../../services/tts/library.js';

/** One generator for both areas: Save (library) takes the WAV a generation (tts) kept in main. */
const generators = new WeakMap<AppServices, TtsGenerator>();
function generatorFor(s: AppServices): TtsGenerator {
  let g = generators.get(s);
  if (!g) generators.set(s, (g = new TtsGenerator(s.events, s.saveTarget)));
  return g;
}

export function ttsHandlers(s: AppServices): Handlers['tts'] {
  const generator = generatorFor(s);
  return {
    generate: async ({ jobId, text, voice }) => generator.generate((await s.connections.current()).user, jobId, text, voice),
    cancel: async ({ jobId }) => ({ cancelled: generator.cancel(jobId) }),
    downloadGenerated: async ({ jobId, filename }) => generator.download(jobId, filename),
  };
}

export function ttsLibraryHandlers(s: AppServices): Handlers['ttsLibrary'] {
  const generator = generatorFor(s);
  const db = async () => (await s.connections.current()).service;
  return {
    list: async (_input, ctx) => listTtsFiles(await db(), ctx.user.id),
    save: async ({ jobId, filename, text, voice }, ctx) => saveTtsFile(await db(), ctx.user.id, generator.wavOf(jobId), filename, text, voice),
    delete: async ({ id }, ctx) => deleteTtsFile(await db(), ctx.user.id, id),
    cleanUpFailed: async (_input, ctx) => cleanUpFailed(await db(), ctx.user.id),
    audio: async ({ id }, ctx) => ttsAudio(await db(), ctx.user.id, id),
    download: async ({ id }, ctx) => downloadTtsFile(await db(), s.saveTarget, ctx.user.id, id),
  };
}
