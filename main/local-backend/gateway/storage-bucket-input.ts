import { STORAGE_ERRORS as E } from './storage-errors.js';

/**
 * The request schemas of storage-api's bucket routes (createBucket.ts, updateBucket.ts, getAllBuckets.ts), with
 * fastify's wording when one is not met: "body must have required property 'name'", "querystring/limit must be
 * >= 1" (HTTP 400, code InvalidRequest).
 */
export interface BucketFields {
  name?: string;
  id?: string;
  public?: boolean;
  type?: 'STANDARD' | 'ANALYTICS';
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}

/** The largest object the demo takes (storage-api's global FILE_SIZE_LIMIT; hosted free plans have 50 MB too). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const SIZE_PATTERN = /^[0-9]+(?:\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$/;

function invalid(message: string): never {
  throw E.validation(message);
}

export function bucketBody(raw: Record<string, unknown>, route: 'create' | 'update'): BucketFields {
  const b = raw as Record<string, unknown>;
  if (route === 'create' && b.name === undefined) invalid("body must have required property 'name'");
  if (route === 'update') {
    if (Object.keys(b).length === 0) invalid('body must NOT have fewer than 1 properties');
    if (b.public === undefined && b.file_size_limit === undefined && b.allowed_mime_types === undefined) {
      invalid(
        "body must have required property 'public', body must have required property 'file_size_limit', body must have required property 'allowed_mime_types', body must match a schema in anyOf",
      );
    }
  }
  for (const key of route === 'create' ? ['name', 'id'] : []) {
    if (b[key] !== undefined && typeof b[key] !== 'string') invalid(`body/${key} must be string`);
  }
  if (b.public !== undefined && typeof b.public !== 'boolean') invalid('body/public must be boolean');
  if (route === 'create' && b.type !== undefined && b.type !== 'STANDARD' && b.type !== 'ANALYTICS')
    invalid('body/type must be equal to one of the allowed values');
  const size = b.file_size_limit;
  if (
    size !== undefined &&
    size !== null &&
    !(typeof size === 'number' && Number.isInteger(size) && size >= 0) &&
    !(typeof size === 'string' && SIZE_PATTERN.test(size))
  ) {
    invalid('body/file_size_limit must match a schema in anyOf');
  }
  const types = b.allowed_mime_types;
  if (types !== undefined && types !== null) {
    if (!Array.isArray(types)) invalid('body/allowed_mime_types must be array');
    const at = types.findIndex((t) => typeof t !== 'string');
    if (at >= 0) invalid(`body/allowed_mime_types/${at} must be string`);
  }
  return b as BucketFields;
}

/** storage-api's parseFileSizeToBytes (decimal units, three significant digits), capped at the global limit. */
export function fileSizeLimit(given: number | string | null): number | null {
  if (given === null) return null;
  let bytes: number;
  if (typeof given === 'number') bytes = given;
  else {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(given);
    if (!m) throw E.invalidFileSizeLimit();
    const value = Number(parseFloat(m[1] as string).toPrecision(3));
    const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[(m[2] as string).toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
    bytes = value * unit;
  }
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw E.entityTooLarge();
  return bytes;
}

const SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const;

export interface BucketListQuery {
  limit?: number;
  offset?: number;
  sortColumn?: (typeof SORT_COLUMNS)[number];
  sortOrder?: 'asc' | 'desc';
  search?: string;
}

function integerParam(url: URL, name: string, min: number): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) invalid(`querystring/${name} must be integer`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) invalid(`querystring/${name} must be integer`);
  if (n < min) invalid(`querystring/${name} must be >= ${min}`);
  return n;
}

export function bucketListQuery(url: URL): BucketListQuery {
  const q: BucketListQuery = {};
  const limit = integerParam(url, 'limit', 1);
  const offset = integerParam(url, 'offset', 0);
  if (limit !== undefined) q.limit = limit;
  if (offset !== undefined) q.offset = offset;
  const sortColumn = url.searchParams.get('sortColumn');
  if (sortColumn !== null) {
    if (!(SORT_COLUMNS as readonly string[]).includes(sortColumn)) invalid('querystring/sortColumn must be equal to one of the allowed values');
    q.sortColumn = sortColumn as BucketListQuery['sortColumn'];
  }
  const sortOrder = url.searchParams.get('sortOrder');
  if (sortOrder !== null) {
    if (sortOrder !== 'asc' && sortOrder !== 'desc') invalid('querystring/sortOrder must be equal to one of the allowed values');
    q.sortOrder = sortOrder;
  }
  const search = url.searchParams.get('search');
  if (search) q.search = search;
  return q;
}
