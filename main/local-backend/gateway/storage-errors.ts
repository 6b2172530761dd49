import type { ServerResponse } from 'node:http';
import { HttpError, sendJson } from './http.js';

/**
 * storage-api's errors (supabase/storage src/internal/errors/codes.ts ERRORS, storage-error.ts render,
 * src/http/error-handler.ts): the body is `{ statusCode: "<the error's status>", code, error, message }`, and
 * the HTTP status is 400 for every error below 500, whatever the body says (a missing object is HTTP 400 with
 * statusCode "404"). storage-js reads the message and statusCode from the body.
 */
export class StorageError extends HttpError {
  constructor(
    status: number,
    code: string,
    readonly errorName: string,
    message: string,
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
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
};

/** storage-api's isValidKey: S3-safe characters only (a key with "#", "%" or "é" is refused on hosted too). */
export function isValidKey(key: string): boolean {
  return key.length > 0 && /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/.test(key);
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
  sendJson(res, s.status >= 500 ? 500 : 400, { statusCode: String(s.status), code: s.code, error: s.errorName, message: s.message });
}
