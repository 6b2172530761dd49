import fsp from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from './caller.js';
import { HttpError, readJson, sendJson } from './http.js';
import { isValidBucketName, STORAGE_ERRORS as E } from './storage-errors.js';
import { bucketBody, bucketListQuery, fileSizeLimit, type BucketFields } from './storage-bucket-input.js';
import type { StorageDeps } from './storage-deps.js';

/**
 * storage-api's bucket administration (src/http/routes/bucket), so tools written for Supabase Storage can create
 * the buckets they use. The routes run under the caller's role with row-level security, and a hosted project has
 * no policy on storage.buckets: only the service role sees or changes a bucket. Others get what RLS leaves them
 * (an empty list, "Bucket not found", the RLS refusal on create), and emptying is service role only (HTTP 403).
 */

interface BucketRow {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at';

/** A bucket as storage-api serialises it: no owner is "", the bigint limit a number, type only in the list. */
function bucketJson(r: BucketRow, withType: boolean): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    owner: '',
    public: r.public,
    ...(withType ? { type: 'STANDARD' } : {}),
    file_size_limit: r.file_size_limit === null ? null : Number(r.file_size_limit),
    allowed_mime_types: r.allowed_mime_types,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const isService = (c: Caller): boolean => c.role === 'service_role';

function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function findBucket(deps: StorageDeps, id: string): Promise<BucketRow> {
  const { rows } = await deps.db.query<BucketRow>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw E.noSuchBucket();
  return rows[0];
}

/** The bucket's folder of object files, only ever inside the storage root. */
function bucketDir(deps: StorageDeps, id: string): string | undefined {
  const dir = path.join(deps.root, id);
  return dir.startsWith(deps.root + path.sep) ? dir : undefined;
}

async function listBuckets(deps: StorageDeps, res: ServerResponse, url: URL, caller: Caller): Promise<void> {
  const q = bucketListQuery(url);
  if (!isService(caller)) return sendJson(res, 200, []);
  const values: unknown[] = [];
  let where = '';
  if (q.search) {
    values.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where = `where name ilike $${values.length}`;
  }
  const order = q.sortColumn ? `order by ${q.sortColumn} ${q.sortOrder === 'desc' ? 'desc' : 'asc'}` : 'order by id';
  let page = '';
  if (q.limit !== undefined) page += ` limit ${q.limit}`;
  if (q.offset !== undefined) page += ` offset ${q.offset}`;
  const { rows } = await deps.db.query<BucketRow>(`select ${COLUMNS} from storage.buckets ${where} ${order}${page}`, values);
  sendJson(
    res,
    200,
    rows.map((r) => bucketJson(r, true)),
  );
}

/** createBucket (src/storage/storage.ts): name checks, then the limits, then the insert (which RLS refuses). */
async function createBucket(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
  const body = bucketBody(await readJson(req), 'create');
  const name = body.name as string;
  if (name.trim() !== name || !isValidBucketName(name)) throw E.invalidBucketName();
  if (body.type === 'ANALYTICS') throw E.featureNotEnabled('Iceberg buckets are not enabled for this tenant');
  const id = body.id || name;
  // The id names a folder of object files here: "." and ".." are refused (on hosted they would be S3 prefixes).
  if (!isValidBucketName(id) || id === '.' || id === '..') throw E.invalidBucketName();
  const fields = limits(body);
  if (!isService(caller)) throw E.accessDenied('new row violates row-level security policy');
  try {
    await deps.db.query('insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5)', [
      id,
      name,
      body.public ?? false,
      fields.fileSizeLimit ?? null,
      fields.allowedMimeTypes ?? null,
    ]);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw E.bucketAlreadyExists();
    throw err;
  }
  sendJson(res, 200, { name });
}

/** file_size_limit (bytes, or "20MB"; at most the global upload limit) and allowed_mime_types, as given. */
function limits(body: BucketFields): { fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null } {
  const out: { fileSizeLimit?: number | null; allowedMimeTypes?: string[] | null } = {};
  if (body.file_size_limit !== undefined) out.fileSizeLimit = fileSizeLimit(body.file_size_limit);
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types === null ? null : body.allowed_mime_types.filter((t) => t);
    for (const t of types ?? []) {
      if (t.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)) throw E.invalidMimeType(t);
    }
    out.allowedMimeTypes = types;
  }
  return out;
}

async function updateBucket(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, id: string, caller: Caller): Promise<void> {
  const body = bucketBody(await readJson(req), 'update');
  if (!isValidBucketName(id)) throw E.invalidBucketName();
  const fields = limits(body);
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (body.public !== undefined) set('public', body.public);
  if (fields.fileSizeLimit !== undefined) set('file_size_limit', fields.fileSizeLimit);
  if (fields.allowedMimeTypes !== undefined) set('allowed_mime_types', fields.allowedMimeTypes);
  if (sets.length === 0) throw E.noContentProvided();
  if (!isService(caller)) throw E.noSuchBucket();
  values.push(id);
  const { rowCount } = await deps.db.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $${values.length}`, values);
  if (!rowCount) throw E.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** deleteBucket: found and counted as the superuser (so "not empty" shows through RLS), deleted as the caller. */
async function deleteBucket(deps: StorageDeps, res: ServerResponse, id: string, caller: Caller): Promise<void> {
  await findBucket(deps, id);
  const { rowCount: objects } = await deps.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (objects) throw E.bucketNotEmpty();
  if (!isService(caller)) throw E.noSuchBucket();
  const { rowCount } = await deps.db.query('delete from storage.buckets where id = $1', [id]);
  if (!rowCount) throw E.noSuchBucket();
  const dir = bucketDir(deps, id);
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** emptyBucket: service role only; hosted queues the deletion, the demo does it at once. */
async function emptyBucket(deps: StorageDeps, res: ServerResponse, id: string, caller: Caller): Promise<void> {
  if (!isService(caller)) throw E.accessDenied('Access denied: Invalid role', 403);
  await findBucket(deps, id);
  const { rows } = await deps.db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]);
  const dir = bucketDir(deps, id);
  if (dir) await Promise.all(rows.map((r) => fsp.rm(path.join(dir, r.name), { force: true })));
  sendJson(res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

export async function handleBuckets(deps: StorageDeps, req: IncomingMessage, res: ServerResponse, p: string, url: URL, caller: Caller): Promise<void> {
  const method = req.method ?? 'GET';
  if (p === '/bucket' || p === '/bucket/') {
    if (method === 'GET') return listBuckets(deps, res, url, caller);
    if (method === 'POST') return createBucket(deps, req, res, caller);
  }
  const one = /^\/bucket\/([^/]+)$/.exec(p);
  if (one) {
    const id = segment(one[1] as string);
    if (method === 'GET') {
      if (!isService(caller)) throw E.noSuchBucket();
      return sendJson(res, 200, bucketJson(await findBucket(deps, id), false));
    }
    if (method === 'PUT') return updateBucket(deps, req, res, id, caller);
    if (method === 'DELETE') return deleteBucket(deps, res, id, caller);
  }
  const empty = /^\/bucket\/([^/]+)\/empty$/.exec(p);
  if (empty && method === 'POST') return emptyBucket(deps, res, segment(empty[1] as string), caller);
  throw new HttpError(404, 'route_not_found', `Route ${method}:/storage/v1${p} not found`);
}
