import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import path from 'node:path';
import { TtsGenerator } from '../../services/tts/generator.js';
import { AudioStore } from '../../services/tts/audio-store.js';
import { cleanUpFailed, deleteTtsFile, downloadTtsFile, listTtsFiles, saveTtsFile, ttsAudio, ttsAudioPart } from '../../services/tts/library.js';

/**
 * One generator for both areas: Save (library) takes the WAV a generation (tts) kept in main. Saved files
 * fetched for the player have their own store, so playing a few of them never evicts a generation not yet saved.
 */
const generators = new WeakMap<AppServices, { generator: TtsGenerator; played: AudioStore }>();
function generatorFor(s: AppServices): { generator: TtsGenerator; played: AudioStore } {
  let g = generators.get(s);
  if (!g) {
    const generator = new TtsGenerator(s.events, s.saveTarget, new AudioStore(path.join(s.scratchDir, 'tts-generated')));
    generators.set(s, (g = { generator, played: new AudioStore(path.join(s.scratchDir, 'tts-played'), 2) }));
  }
  return g;
}

export function ttsHandlers(s: AppServices): Handlers['tts'] {
  const { generator } = generatorFor(s);
  return {
    generate: async ({ jobId, text, voice }, ctx) => generator.generate((await s.connections.current()).user, ctx.user.id, jobId, text, voice),
    cancel: async ({ jobId }) => ({ cancelled: generator.cancel(jobId) }),
    audioPart: async ({ jobId, index }, ctx) => generator.part(ctx.user.id, jobId, index),
    downloadGenerated: async ({ jobId, filename }, ctx) => generator.download(ctx.user.id, jobId, filename),
  };
}

export function ttsLibraryHandlers(s: AppServices): Handlers['ttsLibrary'] {
  const { generator, played } = generatorFor(s);
  const db = async () => (await s.connections.current()).service;
  return {
    list: async (_input, ctx) => listTtsFiles(await db(), ctx.user.id),
    save: async ({ jobId, filename, text, voice }, ctx) => {
      const conn = await s.connections.current();
      return saveTtsFile(conn.service, ctx.user.id, await generator.wavOf(ctx.user.id, jobId), filename, text, voice, s.uploadJournal(conn.profile.id));
    },
    delete: async ({ id }, ctx) => deleteTtsFile(await db(), ctx.user.id, id),
    cleanUpFailed: async (_input, ctx) => cleanUpFailed(await db(), ctx.user.id),
    audio: async ({ id }, ctx) => ttsAudio(await db(), played, ctx.user.id, id),
    audioPart: async ({ id, index }, ctx) => ttsAudioPart(played, ctx.user.id, id, index),
    download: async ({ id }, ctx) => downloadTtsFile(await db(), s.saveTarget, ctx.user.id, id),
  };
}
