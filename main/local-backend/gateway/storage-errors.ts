import type { ServerResponse } from 'node:http';
import { HttpError, sendJson } from './http.js';

/**
 * storage-api's errors (supabase/storage src/internal/errors/codes.ts ERRORS, storage-error.ts render,
 * src/http/error-handler.ts): the body is `{ statusCode: "<the error's status>", code, error, message }`, and
 * the HTTP status is 400 for every error below 500, whatever the body says (a missing object is HTTP 400 with
 * statusCode "404"), unless the error sets its own (the service-role-only routes answer HTTP 403). storage-js
 * reads the message and statusCode from the body.
 */
export class StorageError extends HttpError {
  constructor(
    status: number,
    code: string,
    readonly errorName: string,
    message: string,
    /** The HTTP status when storage-api sets one (withStatusCode); else 400, or 500 for a 500. */
    readonly httpStatus?: number,
  ) {
    super(status, code, message);
  }
}

export const STORAGE_ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message: string, httpStatus?: number) => new StorageError(403, 'AccessDenied', 'Unauthorized', message, httpStatus),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidParameter: (message: string) => new StorageError(400, 'InvalidParameter', 'InvalidParameter', message),
  /** A request fastify's schema refused (FST_ERR_VALIDATION): "body must have required property 'name'". */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', 'Error', message),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  noContentProvided: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  invalidFileSizeLimit: () => new StorageError(400, 'InvalidRequest', 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  featureNotEnabled: (feature: string) =>
    new StorageError(409, 'FeatureNotEnabled', 'FeatureNotEnabled', `The feature ${feature} is not enabled for this resource`),
};

/** storage-api's isValidKey: S3-safe characters only (a key with "#", "%" or "é" is refused on hosted too). */
export function isValidKey(key: string): boolean {
  return key.length > 0 && /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/.test(key);
}

/** storage-api's isValidBucketName: the key characters without "/", 1 to 100 of them. */
export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 101 && /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/.test(name);
}

/**
 * A PostgreSQL error as storage-api maps it (src/storage/database/errors.ts DBError.fromDBError), for the ones the
 * demo can meet: a uuid cast of a token's sub that is not one (22P02, a 400), a duplicate (23505), a refusal
 * (42501). undefined for anything else, which stays an internal error.
 */
export function storageErrorOfDatabase(err: unknown): StorageError | undefined {
  const e = err as { code?: unknown; severity?: unknown; message?: unknown };
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string') return undefined;
  const message = String(e.message ?? '');
  if (e.code === '22P02') return STORAGE_ERRORS.invalidParameter(message || 'Invalid value format or type conversion failed');
  if (e.code === '23505') return new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists');
  if (e.code === '42501') return STORAGE_ERRORS.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
  return undefined;
}

function asStorageError(e: HttpError): StorageError {
  if (e instanceof StorageError) return e;
  if (e.code === 'payload_too_large') return STORAGE_ERRORS.entityTooLarge();
  if (e.code === 'bad_jwt') return STORAGE_ERRORS.invalidJwt(e.message);
  if (e.code === 'bad_json') return STORAGE_ERRORS.invalidRequest(e.message);
  return new StorageError(e.status, e.status >= 500 ? 'InternalError' : 'InvalidRequest', e.code, e.message);
}

export function sendStorageError(res: ServerResponse, e: HttpError): void {
  // An unknown route is fastify's own 404, not a storage error.
  if (e.code === 'route_not_found') {
    sendJson(res, 404, { statusCode: '404', error: 'Not Found', message: e.message });
    return;
  }
  const s = asStorageError(e);
  sendJson(res, s.httpStatus ?? (s.status >= 500 ? 500 : 400), { statusCode: String(s.status), code: s.code, error: s.errorName, message: s.message });
}
