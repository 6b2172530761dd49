import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './caller.js';
import { HttpError, readBody, readJson, sendJson } from './http.js';
import { GLOBAL_FILE_SIZE_LIMIT } from './storage-bucket-input.js';
import { handleBuckets } from './storage-buckets.js';
import { storageCaller } from './storage-caller.js';
import type { StorageDeps } from './storage-deps.js';
import { isValidKey, STORAGE_ERRORS } from './storage-errors.js';
import { allowsMime, servedContentType } from './storage-mime.js';
import { storageUuid } from './uuid.js';

/**
 * The storage endpoints storage-js uses. Object bytes live in files under the stack's storage folder,
 * metadata in storage.objects, so a user's objects can be found and deleted together with their rows.
 */
const E = STORAGE_ERRORS;

/** Object names are relative paths; anything that could leave the bucket's folder is refused. */
export function safeObjectName(name: string): string {
  let decoded: string;
  try {
    decoded = name
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    // A malformed percent-encoding is the caller's mistake (400), not a failure of the backend.
    throw E.invalidKey(name);
  }
  const parts = decoded.split('/');
  // storage-api's key rule first; then what could leave the bucket's folder (hosted S3 would keep it literally).
  if (!isValidKey(decoded)) throw E.invalidKey(decoded);
  if (!decoded || decoded.includes('\0') || decoded.includes('\\') || decoded.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw E.invalidKey(decoded);
  }
  return decoded;
}

function fileFor(deps: StorageDeps, bucket: string, name: string): string {
  const dir = path.join(deps.root, bucket);
  const file = path.join(dir, name);
  if (!dir.startsWith(deps.root + path.sep) || !file.startsWith(dir + path.sep)) throw E.invalidKey(name);
  return file;
}

async function bucketOf(
  deps: StorageDeps,
  id: string,
): Promise<{ id: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }> {
  const { rows } = await deps.db.query('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id]);
  if (!rows[0]) throw E.noSuchBucket();
  return rows[0];
}

/**
 * The demo project's storage policies: the service role, or a signed-in user with the admin role. The sub is cast
 * to uuid as auth.uid() does, so a sub that is not one is storage-api's 400 InvalidParameter, never a 500.
 */
async function isAdmin(deps: StorageDeps, caller: Caller): Promise<boolean> {
  if (caller.role === 'service_role') return true;
  if (caller.role !== 'authenticated' || !caller.userId) return false;
  const { rows } = await deps.db.query<{ ok: boolean }>(`select public.has_role($1::uuid, 'admin') as ok`, [caller.userId]);
  return rows[0]?.ok === true;
}

async function upload(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string, rawName: string): Promise<void> {
  if (!(await isAdmin(deps, caller))) throw E.accessDenied('new row violates row-level security policy');
  const bucket = await bucketOf(deps, bucketId);
  const name = safeObjectName(rawName);
  // Over the global limit is EntityTooLarge too (storage-api's FILE_SIZE_LIMIT).
  let bytes = await readBody(req, GLOBAL_FILE_SIZE_LIMIT).catch((err: unknown) => {
    if (err instanceof HttpError && err.code === 'payload_too_large') throw E.entityTooLarge();
    throw err;
  });
  // The Content-Type is kept as sent, parameters and all (storage-js sends "text/plain;charset=UTF-8" by default).
  let mime = req.headers['content-type'] || 'application/octet-stream';
  if (mime.startsWith('multipart/form-data')) {
    const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': mime }, body: new Uint8Array(bytes) }).formData();
    const file = [...form.values()].find((v) => typeof v !== 'string') as Blob | undefined;
    if (!file) throw E.noContentProvided();
    bytes = Buffer.from(await file.arrayBuffer());
    const field = form.get('contentType');
    mime = (typeof field === 'string' && field) || file.type || 'application/octet-stream';
  }
  if (bucket.file_size_limit && bytes.length > Number(bucket.file_size_limit)) throw E.entityTooLarge();
  if (bucket.allowed_mime_types?.length && !allowsMime(bucket.allowed_mime_types, mime)) throw E.invalidMimeType(mime);
  const upsert = req.method === 'PUT' || String(req.headers['x-upsert'] ?? '') === 'true';
  const file = fileFor(deps, bucketId, name);
  const meta = { size: bytes.length, mimetype: mime, eTag: crypto.createHash('md5').update(bytes).digest('hex') };
  const client = await deps.db.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, metadata) values ($1, $2, $3, $4)
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, updated_at = now()
         where $5
       returning id`,
      [bucketId, name, storageUuid(caller.userId) ?? null, meta, upsert],
    );
    if (!rows[0]) throw E.keyAlreadyExists();
    // Written to a temporary name and renamed, so a reader never sees half an object.
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fsp.writeFile(tmp, bytes);
    await fsp.rename(tmp, file);
    await client.query('commit');
    sendJson(res, 200, { Key: `${bucketId}/${name}`, Id: rows[0].id });
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function download(deps: StorageDeps, res: ServerResponse, bucketId: string, rawName: string, caller: Caller | undefined): Promise<void> {
  const bucket = await bucketOf(deps, bucketId);
  const name = safeObjectName(rawName);
  if (!bucket.public) {
    // storage-api looks the bucket up among the public ones: a private bucket is not found on this route.
    if (!caller) throw E.noSuchBucket();
    const { rows } = await deps.db.query<{ owner: string | null }>('select owner from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
    if (!(await isAdmin(deps, caller)) && rows[0]?.owner !== caller.userId) throw E.noSuchKey();
  }
  const { rows } = await deps.db.query<{ metadata: { mimetype?: string } }>('select metadata from storage.objects where bucket_id = $1 and name = $2', [
    bucketId,
    name,
  ]);
  const file = fileFor(deps, bucketId, name);
  if (!rows[0] || !fs.existsSync(file)) throw E.noSuchKey();
  const stat = await fsp.stat(file);
  res.writeHead(200, {
    'content-type': servedContentType(rows[0].metadata.mimetype),
    'content-length': stat.size,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  fs.createReadStream(file).pipe(res);
}

async function remove(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string): Promise<void> {
  if (!(await isAdmin(deps, caller))) throw E.accessDenied('new row violates row-level security policy');
  await bucketOf(deps, bucketId);
  const body = await readJson(req);
  const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string').map(safeObjectName) : [];
  const { rows } = await deps.db.query(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
     returning id, name, bucket_id, owner, metadata, created_at, updated_at`,
    [bucketId, prefixes],
  );
  await Promise.all(rows.map((r: { name: string }) => fsp.rm(fileFor(deps, bucketId, r.name), { force: true })));
  sendJson(res, 200, rows);
}

async function list(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, caller: Caller, bucketId: string): Promise<void> {
  if (!(await isAdmin(deps, caller))) throw E.accessDenied('Not allowed');
  await bucketOf(deps, bucketId);
  const body = await readJson(req);
  const prefix = typeof body.prefix === 'string' && body.prefix ? body.prefix.replace(/\/?$/, '/') : '';
  const limit = Math.min(1000, Math.max(1, Number(body.limit) || 100));
  const offset = Math.max(0, Number(body.offset) || 0);
  const search = typeof body.search === 'string' ? body.search : '';
  const { rows } = await deps.db.query(
    `select split_part(substr(name, length($2) + 1), '/', 1) as name,
            case when position('/' in substr(name, length($2) + 1)) > 0 then null else id end as id,
            max(updated_at) as updated_at, min(created_at) as created_at, max(updated_at) as last_accessed_at,
            case when position('/' in substr(name, length($2) + 1)) > 0 then null else metadata end as metadata
       from storage.objects
      where bucket_id = $1 and name like $2 || '%' and split_part(substr(name, length($2) + 1), '/', 1) ilike '%' || $3 || '%'
      group by 1, 2, 6 order by 1 limit $4 offset $5`,
    [bucketId, prefix, search, limit, offset],
  );
  sendJson(res, 200, rows);
}

export async function handleStorage(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, p: string, url: URL): Promise<void> {
  const pub = /^\/object\/public\/([^/]+)\/(.+)$/.exec(p);
  if (pub && (req.method === 'GET' || req.method === 'HEAD')) return download(deps, res, pub[1] as string, pub[2] as string, undefined);
  const caller = await storageCaller(deps, req);
  if (p === '/bucket' || p.startsWith('/bucket/')) return handleBuckets(deps, req, res, p, url, caller);
  const listMatch = /^\/object\/list\/([^/]+)$/.exec(p);
  if (listMatch && req.method === 'POST') return list(deps, req, res, caller, listMatch[1] as string);
  const authed = /^\/object\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(p);
  if (authed && req.method === 'GET') return download(deps, res, authed[1] as string, authed[2] as string, caller);
  if (authed && (req.method === 'POST' || req.method === 'PUT')) return upload(deps, req, res, caller, authed[1] as string, authed[2] as string);
  const bucketOnly = /^\/object\/([^/]+)\/?$/.exec(p);
  if (bucketOnly && req.method === 'DELETE') return remove(deps, req, res, caller, bucketOnly[1] as string);
  throw new HttpError(404, 'route_not_found', `Route ${req.method ?? 'GET'}:/storage/v1${p} not found`);
}
