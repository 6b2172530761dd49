import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, ADMIN_EMAIL, type TestApp } from '../support/booted.js';
import type { AudioPart, DownloadOutcome, GeneratedAudio, TtsFile } from '../../shared/contract/areas/tts.js';
import { readWav } from '../../shared/rules/tts/wav.js';

const backend = sharedBackend();

describe('tts generate, save and library through the router', () => {
  let app: TestApp;
  let adminId = '';
  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, 'select id from auth.users where email = $1', [ADMIN_EMAIL]))[0]!.id;
  });
  /** Which of these object names the bucket holds. */
  const objectsAt = async (names: string[]) =>
    (await sql<{ name: string }>(backend, "select name from storage.objects where bucket_id = 'tts-audio' and name = any($1) order by name", [names])).map(
      (r) => r.name,
    );
  /** Downloads a saved file through the router; its size on disk. */
  const downloaded = async (id: string) => {
    const out = await app.data<DownloadOutcome>('ttsLibrary.download', { id });
    if (out.outcome !== 'saved') throw new Error('not saved');
    return fs.statSync(path.join(app.dataDir, 'exports', out.fileName)).size;
  };
  afterAll(async () => {
    await sql(backend, "delete from tts_generated_audio where filename like 'it-tts-%'");
    await app?.close();
  });

  it('generates, saves to the bucket with its row, lists it first, plays its bytes and deletes it', { timeout: 120_000 }, async () => {
    const jobId = randomUUID();
    const text = 'A short line to speak.';
    const audio = await app.data<GeneratedAudio>('tts.generate', { jobId, text, voice: 'Leda' });
    expect(audio.chunks).toBe(1);
    const saved = await app.data<TtsFile>('ttsLibrary.save', { jobId, filename: 'it-tts-one', text, voice: 'Leda' });
    expect(saved).toMatchObject({ filename: 'it-tts-one', voice_used: 'Leda', file_size: audio.fileSize, estimated_tokens: 6 });
    expect(saved.file_path).toBe(`admin/${adminId}/it-tts-one.mp3`);
    expect(saved.duration).toBeCloseTo(audio.durationSeconds, 1);
    const list = await app.data<TtsFile[]>('ttsLibrary.list');
    expect(list[0]?.id).toBe(saved.id);
    const fetched = await app.data<{ parts: number; bytes: number }>('ttsLibrary.audio', { id: saved.id });
    expect(fetched).toEqual({ parts: 1, bytes: audio.fileSize });
    const part = await app.data<AudioPart>('ttsLibrary.audioPart', { id: saved.id, index: 0 });
    const bytes = Buffer.from(part.base64, 'base64');
    expect(bytes.length).toBe(audio.fileSize);
    // The generation is readable by the same parts op, and a part past the end is refused by name.
    expect(Buffer.from((await app.data<AudioPart>('tts.audioPart', { jobId, index: 0 })).base64, 'base64').equals(bytes)).toBe(true);
    expect(await app.call('tts.audioPart', { jobId, index: 1 })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Part 1 is past the end of this audio (1 part).',
    });
    expect(readWav(new Uint8Array(bytes)).sampleRate).toBe(24000);
    await app.data('ttsLibrary.delete', { id: saved.id });
    expect((await app.data<TtsFile[]>('ttsLibrary.list')).some((f) => f.id === saved.id)).toBe(false);
    expect(await sql(backend, 'select name from storage.objects where name = $1', [saved.file_path])).toEqual([]);
  });

  it("saves at the spec's path and refuses a name already in the library (any case), never overwriting it", { timeout: 120_000 }, async () => {
    const jobId = randomUUID();
    const text = 'Twice under one name.';
    const audio = await app.data<GeneratedAudio>('tts.generate', { jobId, text, voice: 'Leda' });
    const first = await app.data<TtsFile>('ttsLibrary.save', { jobId, filename: 'it-tts-twin', text, voice: 'Leda' });
    expect(first.file_path).toBe(`admin/${adminId}/it-tts-twin.mp3`);
    for (const filename of ['it-tts-twin', ' IT-TTS-Twin ']) {
      expect(await app.call('ttsLibrary.save', { jobId, filename, text: 'Another text', voice: 'Kore' })).toEqual({
        ok: false,
        code: 'CONFLICT',
        message: `A file named "${filename.trim()}" is already in your library. Choose another filename, or delete that file first.`,
      });
    }
    // An object no row holds (a save killed after its upload) is never overwritten either.
    const storage = (await app.services.connections.current()).service.storage.from('tts-audio');
    expect((await storage.upload(`admin/${adminId}/it-tts-orphan.mp3`, new Uint8Array([1, 2, 3]), { contentType: 'audio/mp3' })).error).toBeNull();
    expect(await app.call('ttsLibrary.save', { jobId, filename: 'it-tts-orphan', text, voice: 'Leda' })).toMatchObject({ ok: false, code: 'CONFLICT' });
    await storage.remove([`admin/${adminId}/it-tts-orphan.mp3`]);
    expect(await sql(backend, "select count(*)::int n from tts_generated_audio where filename ilike 'it-tts-twin' or filename = 'it-tts-orphan'")).toEqual([
      { n: 1 },
    ]);
    expect(await downloaded(first.id)).toBe(audio.fileSize);
    await app.data('ttsLibrary.delete', { id: first.id });
    expect(await objectsAt([first.file_path!])).toEqual([]);
  });

  it('deletes an object two older rows share only with the last of them; Clean Up Failed removes what was the failed rows’ only', async () => {
    const storage = (await app.services.connections.current()).service.storage.from('tts-audio');
    const bytes = Buffer.from('RIFF shared old-style object');
    const shared = `admin/${adminId}/it-tts-shared.mp3`;
    const failedOwn = `admin/${adminId}/${randomUUID()}/it-tts-failed.mp3`;
    for (const p of [shared, failedOwn]) expect((await storage.upload(p, bytes, { contentType: 'audio/mp3', upsert: true })).error).toBeNull();
    const rows = await sql<{ id: string }>(
      backend,
      `insert into tts_generated_audio (user_id, filename, file_path, file_size) values
         ($1, 'it-tts-shared', $2, $4), ($1, 'it-tts-shared', $2, $4), ($1, 'it-tts-shared-failed', $2, 0), ($1, 'it-tts-failed', $3, 0)
       returning id::text`,
      [adminId, shared, failedOwn, bytes.length],
    );
    // Clean Up Failed: the failed row's own object goes; the one it shared with good rows stays.
    expect((await app.data<{ deleted: number }>('ttsLibrary.cleanUpFailed')).deleted).toBeGreaterThanOrEqual(2);
    expect(await objectsAt([shared, failedOwn])).toEqual([shared]);
    await app.data('ttsLibrary.delete', { id: rows[0]!.id });
    expect(await objectsAt([shared])).toEqual([shared]);
    expect(await downloaded(rows[1]!.id)).toBe(bytes.length);
    await app.data('ttsLibrary.delete', { id: rows[1]!.id });
    expect(await objectsAt([shared])).toEqual([]);
  });

  it('cleans up only the admin’s failed rows (file_size null or 0), and lists only the admin’s own', async () => {
    const other = (await sql<{ id: string }>(backend, 'select id from auth.users where email <> $1 order by created_at limit 1', [ADMIN_EMAIL]))[0]!.id;
    await sql(
      backend,
      "insert into tts_generated_audio (user_id, filename, file_size) values ($1, 'it-tts-null', null), ($1, 'it-tts-zero', 0), ($1, 'it-tts-ok', 10), ($2, 'it-tts-other', 0)",
      [adminId, other],
    );
    const names = (await app.data<TtsFile[]>('ttsLibrary.list')).map((f) => f.filename);
    expect(names).toEqual(expect.arrayContaining(['it-tts-null', 'it-tts-zero', 'it-tts-ok']));
    expect(names).not.toContain('it-tts-other');
    const failed = Number(
      (await sql<{ n: string }>(backend, 'select count(*) n from tts_generated_audio where user_id = $1 and coalesce(file_size, 0) = 0', [adminId]))[0]!.n,
    );
    expect(failed).toBeGreaterThanOrEqual(2);
    expect(await app.data('ttsLibrary.cleanUpFailed')).toEqual({ deleted: failed });
    expect(await sql(backend, 'select id from tts_generated_audio where user_id = $1 and coalesce(file_size, 0) = 0', [adminId])).toEqual([]);
    const left = (await sql<{ filename: string }>(backend, "select filename from tts_generated_audio where filename like 'it-tts-%' order by filename")).map(
      (r) => r.filename,
    );
    expect(left).toEqual(['it-tts-ok', 'it-tts-other']);
  });
});
