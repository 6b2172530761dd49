import type { IncomingMessage } from 'node:http';
import { BadJwt, identify, type Caller } from './caller.js';
import { STORAGE_ERRORS as E } from './storage-errors.js';
import type { StorageDeps } from './storage-deps.js';

/** The bearer as storage-api's JWT plugin judges it: an unusable one is AccessDenied with the verifier's words. */
export async function storageCaller(deps: StorageDeps, req: IncomingMessage): Promise<Caller> {
  try {
    return await identify(req, deps.jwtSecret);
  } catch (err) {
    if (err instanceof BadJwt) throw E.accessDenied(err.reason);
    throw err;
  }
}
