import { afterAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { sql } from '../support/booted.js';
import { loadOrCreateSecrets } from '../../main/local-backend/keys.js';

/**
 * What hosted Supabase's /storage/v1 (storage-api, github.com/supabase/storage) answers, stated call by call
 * against the demo gateway. storage-api renders every error as { statusCode: "<its status>", code, error,
 * message } and answers HTTP 400 for all of them below 500 (src/http/error-handler.ts; the errors are
 * src/internal/errors/codes.ts ERRORS). storage-js turns the body into StorageApiError(message, status,
 * statusCode).
 */
const backend = sharedBackend();
const stamp = Date.now().toString(36);
const service = createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

async function raw(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${backend.url}/storage/v1${path}`, {
    method,
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

afterAll(async () => {
  await service.storage.from('coach-avatars').remove([`conf-${stamp}/a.jpg`]);
  await service.storage.from('tts-audio').remove([`conf-${stamp}/plain.txt`, `conf-${stamp}/page.html`]);
  await sql(backend, `delete from storage.objects where name like $1`, [`conf-${stamp}%`]);
});

describe('/storage/v1 errors as storage-api answers them', () => {
  it('NoSuchKey: a missing object is HTTP 400 with statusCode "404", error not_found, "Object not found"', async () => {
    for (const path of [
      `/object/coach-avatars/conf-${stamp}/missing.jpg`,
      `/object/authenticated/coach-avatars/conf-${stamp}/missing.jpg`,
      `/object/public/coach-avatars/conf-${stamp}/missing.jpg`,
    ]) {
      const r = await raw('GET', path);
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    }
    const { error } = await service.storage.from('tts-audio').download(`conf-${stamp}/missing.mp3`);
    expect(error).toBeTruthy();
  });

  it('NoSuchBucket: a missing bucket is HTTP 400 with statusCode "404", "Bucket not found"', async () => {
    const up = await raw('POST', `/object/no-such-bucket-${stamp}/a.jpg`, JPEG, { 'content-type': 'image/jpeg' });
    expect(up.status).toBe(400);
    expect(up.body).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
    const del = await raw('DELETE', `/object/no-such-bucket-${stamp}`, JSON.stringify({ prefixes: ['a.jpg'] }), { 'content-type': 'application/json' });
    expect(del.body.code).toBe('NoSuchBucket');
    // The public route looks among public buckets only: a private one is not found there.
    expect((await raw('GET', `/object/public/tts-audio/conf-${stamp}/a.mp3`)).body.code).toBe('NoSuchBucket');
    const js = await service.storage.from(`no-such-bucket-${stamp}`).upload('a.jpg', JPEG, { contentType: 'image/jpeg' });
    expect(js.error?.message).toBe('Bucket not found');
  });

  it('EntityTooLarge: over the bucket file_size_limit is HTTP 400 with statusCode "413", "Payload too large"', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const r = await raw('POST', `/object/coach-avatars/conf-${stamp}/big.jpg`, big, { 'content-type': 'image/jpeg' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
    const js = await service.storage.from('coach-avatars').upload(`conf-${stamp}/big.jpg`, big, { contentType: 'image/jpeg' });
    expect(js.error?.message).toBe('The object exceeded the maximum allowed size');
  });

  it('InvalidKey: a name outside storage-api\'s S3-safe characters is HTTP 400, "Invalid key: <name>"', async () => {
    for (const name of ['café.jpg', 'a#b.jpg', 'x%zz']) {
      const r = await raw('POST', `/object/coach-avatars/conf-${stamp}/${encodeURIComponent(name)}`, JPEG, { 'content-type': 'image/jpeg' });
      expect(r.status, name).toBe(400);
      expect(r.body.code, name).toBe('InvalidKey');
      expect(String(r.body.message), name).toMatch(/^Invalid key: /);
    }
  });

  it('InvalidMimeType: a type the bucket does not allow is statusCode "415", error invalid_mime_type', async () => {
    const r = await raw('POST', `/object/coach-avatars/conf-${stamp}/a.txt`, 'hello', { 'content-type': 'text/plain' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: 'mime type text/plain is not supported' });
  });

  it('KeyAlreadyExists: uploading over an object without upsert is statusCode "409", error Duplicate', async () => {
    const first = await service.storage.from('coach-avatars').upload(`conf-${stamp}/a.jpg`, JPEG, { contentType: 'image/jpeg' });
    expect(first.error).toBeNull();
    const again = await raw('POST', `/object/coach-avatars/conf-${stamp}/a.jpg`, JPEG, { 'content-type': 'image/jpeg' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ statusCode: '409', code: 'KeyAlreadyExists', error: 'Duplicate', message: 'The resource already exists' });
  });

  it('AccessDenied: an anonymous upload is statusCode "403", error Unauthorized, the row-level security message', async () => {
    const r = await raw('POST', `/object/coach-avatars/conf-${stamp}/anon.jpg`, JPEG, {
      'content-type': 'image/jpeg',
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy' });
  });

  it('remove answers 200 with the objects it deleted, and [] for names that do not exist', async () => {
    const gone = await service.storage.from('coach-avatars').remove([`conf-${stamp}/never-there.jpg`]);
    expect(gone).toMatchObject({ data: [], error: null });
  });
});

describe('/storage/v1 content types and tokens as storage-api handles them', () => {
  it('keeps the uploaded Content-Type with its parameters (storage-js default "text/plain;charset=UTF-8")', async () => {
    const up = await service.storage.from('tts-audio').upload(`conf-${stamp}/plain.txt`, Buffer.from('hello'));
    expect(up.error).toBeNull();
    const res = await fetch(`${backend.url}/storage/v1/object/tts-audio/conf-${stamp}/plain.txt`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(res.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    const [row] = await sql<{ mimetype: string }>(
      backend,
      `select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'tts-audio' and name = $1`,
      [`conf-${stamp}/plain.txt`],
    );
    expect(row?.mimetype).toBe('text/plain;charset=UTF-8');
  });

  it('serves an object uploaded as text/html as text/plain (renderer.ts normalizeContentType)', async () => {
    const up = await service.storage
      .from('tts-audio')
      .upload(`conf-${stamp}/page.html`, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html; charset=utf-8' });
    expect(up.error).toBeNull();
    const res = await fetch(`${backend.url}/storage/v1/object/tts-audio/conf-${stamp}/page.html`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(res.headers.get('content-type')).toBe('text/plain');
  });

  it('a malformed bearer is HTTP 400 with statusCode "403", AccessDenied, the verifier\'s message', async () => {
    const r = await raw('GET', `/object/tts-audio/conf-${stamp}/plain.txt`, undefined, { authorization: 'Bearer not-a-jwt' });
    expect([r.status, r.body]).toEqual([400, { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' }]);
    const js = await createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false },
      global: { headers: { authorization: 'Bearer not-a-jwt' } },
      realtime: { transport: WebSocket as never },
    })
      .storage.from('tts-audio')
      .download(`conf-${stamp}/plain.txt`);
    expect(js.error).toBeTruthy();
  });

  it("a token whose sub is not a UUID is HTTP 400 InvalidParameter (the policies' uuid cast), never a 500", async () => {
    const token = await new SignJWT({ sub: 'not-a-uuid', role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(loadOrCreateSecrets(backend.dataDir).jwtSecret));
    const r = await raw('POST', `/object/coach-avatars/conf-${stamp}/sub.jpg`, JPEG, { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` });
    expect([r.status, r.body]).toEqual([
      400,
      { statusCode: '400', code: 'InvalidParameter', error: 'InvalidParameter', message: 'invalid input syntax for type uuid: "not-a-uuid"' },
    ]);
  });
});
