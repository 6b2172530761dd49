import { afterAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { sql } from '../support/booted.js';

/**
 * storage-api's bucket administration (github.com/supabase/storage src/http/routes/bucket) against the demo
 * gateway, so tools written for Supabase Storage can create the buckets they use. A hosted project has no policy
 * on storage.buckets: the service role administers buckets; anon and signed-in users get what row-level security
 * leaves them. Errors have storage-api's body { statusCode, code, error, message } at HTTP 400 unless stated.
 */
const backend = sharedBackend();
const stamp = Date.now().toString(36);
const opts = { auth: { persistSession: false }, realtime: { transport: WebSocket as never } };
const service = createClient(backend.url, backend.serviceRoleKey, opts);
const anon = createClient(backend.url, backend.anonKey, opts);
const bucket = (n: string) => `conf-${stamp}-${n}`;

async function raw(method: string, path: string, body?: unknown, key = backend.serviceRoleKey) {
  const res = await fetch(`${backend.url}/storage/v1${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

afterAll(async () => {
  await sql(backend, `delete from storage.objects where bucket_id like $1`, [`conf-${stamp}-%`]);
  await sql(backend, `delete from storage.buckets where id like $1`, [`conf-${stamp}-%`]);
});

describe('/storage/v1/bucket as storage-api answers it', () => {
  it('POST /bucket (storage-js createBucket) creates a bucket and answers { name }', async () => {
    const { data, error } = await service.storage.createBucket(bucket('a'), { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/png'] });
    expect(error).toBeNull();
    expect(data).toEqual({ name: bucket('a') });
    const [row] = await sql<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }>(
      backend,
      'select public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucket('a')],
    );
    expect(row).toEqual({ public: true, file_size_limit: '1000000', allowed_mime_types: ['image/png'] });
  });

  it('GET /bucket/:id (getBucket) answers the bucket with a numeric file_size_limit and owner ""', async () => {
    await service.storage.createBucket(bucket('get'), { public: false, fileSizeLimit: 2048 });
    const { data, error } = await service.storage.getBucket(bucket('get'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: bucket('get'), name: bucket('get'), owner: '', public: false, file_size_limit: 2048, allowed_mime_types: null });
    expect(typeof data?.created_at).toBe('string');
  });

  it('GET /bucket (listBuckets) lists every bucket with type STANDARD, honouring search, sort, limit and offset', async () => {
    for (const n of ['l1', 'l2', 'l3']) await service.storage.createBucket(bucket(n));
    const { data, error } = await service.storage.listBuckets();
    expect(error).toBeNull();
    expect(data?.map((b) => b.id)).toEqual(expect.arrayContaining(['coach-avatars', 'tts-audio', bucket('l1')]));
    expect(data?.find((b) => b.id === 'coach-avatars')).toMatchObject({ type: 'STANDARD', public: true, file_size_limit: 5242880 });
    const page = await raw('GET', `/bucket?search=${encodeURIComponent(`${stamp}-l`)}&sortColumn=name&sortOrder=desc&limit=1&offset=1`);
    expect((page.body as Array<{ id: string }>).map((b) => b.id)).toEqual([bucket('l2')]);
  });

  it('GET /bucket validates its query like fastify: limit=0 is 400 InvalidRequest "querystring/limit must be >= 1"', async () => {
    const r = await raw('GET', '/bucket?limit=0');
    expect(r).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidRequest', error: 'Error', message: 'querystring/limit must be >= 1' } });
  });

  it('POST /bucket without a name is 400 InvalidRequest "body must have required property \'name\'"', async () => {
    const r = await raw('POST', '/bucket', { public: true });
    expect(r.body).toMatchObject({ statusCode: '400', code: 'InvalidRequest', message: "body must have required property 'name'" });
  });

  it('POST /bucket with a "/" or surrounding spaces in the name is 400 InvalidBucketName, "Bucket name invalid"', async () => {
    for (const name of ['with/slash', ' padded']) {
      const r = await raw('POST', '/bucket', { name });
      expect(r, name).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidBucketName', error: 'Invalid Input', message: 'Bucket name invalid' } });
    }
  });

  it('POST /bucket for an existing bucket is statusCode "409" BucketAlreadyExists, error Duplicate', async () => {
    const r = await raw('POST', '/bucket', { name: 'coach-avatars' });
    expect(r).toEqual({ status: 400, body: { statusCode: '409', code: 'BucketAlreadyExists', error: 'Duplicate', message: 'The resource already exists' } });
  });

  it('POST /bucket with a file_size_limit over the global limit is statusCode "413" EntityTooLarge', async () => {
    const r = await raw('POST', '/bucket', { name: bucket('huge'), file_size_limit: '1GB' });
    expect(r.body).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('PUT /bucket/:id (updateBucket) changes public, limit and types and answers "Successfully updated"', async () => {
    await service.storage.createBucket(bucket('u'));
    const { data, error } = await service.storage.updateBucket(bucket('u'), { public: true, fileSizeLimit: 1000, allowedMimeTypes: ['image/*'] });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Successfully updated' });
    expect((await service.storage.getBucket(bucket('u'))).data).toMatchObject({ public: true, file_size_limit: 1000, allowed_mime_types: ['image/*'] });
  });

  it('PUT /bucket/:id for a missing bucket is statusCode "404" NoSuchBucket', async () => {
    const r = await raw('PUT', `/bucket/${bucket('missing')}`, { public: true });
    expect(r.body).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
  });

  it('DELETE /bucket/:id of a bucket holding objects is statusCode "409" ResourceNotEmpty', async () => {
    await service.storage.createBucket(bucket('full'));
    await service.storage.from(bucket('full')).upload('x.txt', Buffer.from('x'));
    const r = await raw('DELETE', `/bucket/${bucket('full')}`);
    expect(r.body).toEqual({ statusCode: '409', code: 'ResourceNotEmpty', error: 'ResourceNotEmpty', message: 'The bucket you tried to delete is not empty' });
  });

  it('POST /bucket/:id/empty (emptyBucket) removes every object; DELETE then answers "Successfully deleted"', async () => {
    await service.storage.createBucket(bucket('e'));
    await service.storage.from(bucket('e')).upload('a/b.txt', Buffer.from('x'));
    const emptied = await service.storage.emptyBucket(bucket('e'));
    expect(emptied).toEqual({ data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null });
    expect((await service.storage.from(bucket('e')).list('a')).data).toEqual([]);
    expect(await service.storage.deleteBucket(bucket('e'))).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    expect((await service.storage.getBucket(bucket('e'))).error?.message).toBe('Bucket not found');
  });

  it('anon and signed-in users: the list is empty, a bucket is not found, create is refused by row-level security', async () => {
    expect(await anon.storage.listBuckets()).toEqual({ data: [], error: null });
    expect((await anon.storage.getBucket('coach-avatars')).error?.message).toBe('Bucket not found');
    const create = await raw('POST', '/bucket', { name: bucket('anon') }, backend.anonKey);
    expect(create).toEqual({
      status: 400,
      body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy' },
    });
    expect((await raw('PUT', '/bucket/coach-avatars', { public: false }, backend.anonKey)).body).toMatchObject({ code: 'NoSuchBucket' });
    expect((await raw('DELETE', '/bucket/tts-audio', undefined, backend.anonKey)).body).toMatchObject({
      code: expect.stringMatching(/^(NoSuchBucket|ResourceNotEmpty)$/),
    });
    expect((await sql(backend, 'select 1 from storage.buckets where id = any($1)', [['coach-avatars', 'tts-audio']])).length).toBe(2);
  });

  it('POST /bucket/:id/empty is service role only: HTTP 403 AccessDenied "Access denied: Invalid role"', async () => {
    const r = await raw('POST', '/bucket/coach-avatars/empty', {}, backend.anonKey);
    expect(r).toEqual({ status: 403, body: { statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Access denied: Invalid role' } });
  });
});
