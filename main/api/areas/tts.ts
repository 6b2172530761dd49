import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { cleanUpFailed, deleteTtsFile, downloadTtsFile, listTtsFiles, saveTtsFile, ttsAudio, ttsAudioPart } from '../../services/tts/library.js';

export function ttsHandlers(s: AppServices): Handlers['tts'] {
  const generator = async () => (await s.connections.services()).speech.generator;
  return {
    generate: async ({ jobId, text, voice }, ctx) => (await generator()).generate(ctx.user.id, jobId, text, voice),
    cancel: async ({ jobId }) => ({ cancelled: (await generator()).cancel(jobId) }),
    audioPart: { afterCheck: true, run: async ({ jobId, index }, ctx) => (await generator()).part(ctx.user.id, jobId, index) },
    downloadGenerated: async ({ jobId, filename }, ctx) => (await generator()).download(ctx.user.id, jobId, filename),
  };
}

export function ttsLibraryHandlers(s: AppServices): Handlers['ttsLibrary'] {
  const speech = async () => (await s.connections.services()).speech;
  const db = async () => (await s.connections.current()).service;
  return {
    list: async (_input, ctx) => listTtsFiles(await db(), ctx.user.id),
    save: async ({ jobId, filename, text, voice }, ctx) => {
      const conn = await s.connections.current();
      const wav = await (await speech()).generator.wavOf(ctx.user.id, jobId);
      return saveTtsFile(conn.service, ctx.user.id, wav, filename, text, voice, s.uploadJournal(conn.profile.id));
    },
    delete: async ({ id }, ctx) => deleteTtsFile(await db(), ctx.user.id, id),
    cleanUpFailed: async (_input, ctx) => cleanUpFailed(await db(), ctx.user.id),
    // Both keep or read audio held in main for the user: only once the admin check has passed.
    audio: { afterCheck: true, run: async ({ id }, ctx) => ttsAudio(await db(), (await speech()).played, ctx.user.id, id) },
    audioPart: { afterCheck: true, run: async ({ id, index }, ctx) => ttsAudioPart((await speech()).played, ctx.user.id, id, index) },
    download: async ({ id }, ctx) => downloadTtsFile(await db(), s.saveTarget, ctx.user.id, id),
  };
}
