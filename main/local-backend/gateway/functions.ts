import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { identify, type Caller } from './caller.js';
import { HttpError, readBody, sendJson } from './http.js';

/** What an edge-function stand-in receives: the verified caller, the parsed body and a database pool. */
export interface FunctionContext {
  readonly db: pg.Pool;
  readonly caller: Caller;
  readonly method: string;
  readonly body: unknown;
  readonly query: URLSearchParams;
  readonly storageRoot: string;
  /** The SMTP server functions deliver e-mail to (the embedded stack's mail sink). */
  readonly mail?: MailTarget;
}

export interface MailTarget {
  readonly host: string;
  readonly port: number;
}

export type EdgeFunction = (ctx: FunctionContext) => Promise<unknown>;
export type FunctionRegistry = Readonly<Record<string, EdgeFunction>>;

export interface FunctionDeps {
  readonly db: pg.Pool;
  readonly jwtSecret: string;
  readonly storageRoot: string;
  readonly functions: FunctionRegistry;
  readonly mail?: MailTarget;
}

/** The product's functions that act for administrators accept the service role or a signed-in admin. */
export async function requireAdmin(ctx: FunctionContext): Promise<void> {
  if (ctx.caller.role === 'service_role') return;
  if (ctx.caller.role === 'authenticated' && ctx.caller.userId) {
    const { rows } = await ctx.db.query<{ ok: boolean }>(`select public.has_role($1::uuid, 'admin') as ok`, [ctx.caller.userId]);
    if (rows[0]?.ok) return;
  }
  throw new HttpError(403, 'forbidden', 'Admin access required');
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function handleFunction(deps: FunctionDeps, req: IncomingMessage, res: ServerResponse, name: string, url: URL): Promise<void> {
  const fn = Object.hasOwn(deps.functions, name) ? deps.functions[name] : undefined;
  if (!fn) throw new HttpError(404, 'not_found', `Function not found: ${name}`);
  const caller = await identify(req, deps.jwtSecret);
  // The functions use the sub as a user id (has_role, audit rows): one that is not a UUID is the caller's
  // mistake, answered in GoTrue's words, never a failed cast (a 500).
  if (caller.userId !== undefined && !CANONICAL_UUID.test(caller.userId)) throw new HttpError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const raw = await readBody(req, 10 * 1024 * 1024);
  let body: unknown = undefined;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'bad_json', 'The request body must be JSON.');
    }
  }
  const result = await fn({ db: deps.db, caller, method: req.method ?? 'POST', body, query: url.searchParams, storageRoot: deps.storageRoot, mail: deps.mail });
  sendJson(res, 200, result ?? {});
}
