import type { SupabaseClient } from '@supabase/supabase-js';
import { AppError } from '../../ground/errors.js';

/** A product function's answer that is not a success: its HTTP status and the message it gave. */
export class FunctionError extends AppError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(status === 404 ? 'NOT_FOUND' : status === 409 ? 'CONFLICT' : status === 400 ? 'INVALID_INPUT' : 'BACKEND_ERROR', message);
  }
}

async function messageOf(error: { message: string; context?: unknown }): Promise<{ status: number; message: string }> {
  const res = error.context;
  if (res instanceof Response) {
    const text = await res.text().catch(() => '');
    let message = text;
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown; msg?: unknown };
      message = String(body.error ?? body.message ?? body.msg ?? text);
    } catch {
      // not JSON: the text itself
    }
    return { status: res.status, message: message.slice(0, 500) || `HTTP ${res.status}` };
  }
  return { status: 0, message: error.message };
}

/**
 * Calls one of the product's edge functions. Pass the administrator's own client where the product's admin area
 * does (the functions check the caller's role from that token; the deletion's audit records who it was). A
 * failure becomes a FunctionError whose message is `what` followed by the function's own message.
 */
export async function invoke<T>(client: SupabaseClient, name: string, body: Record<string, unknown>, what: string): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (error) {
    const { status, message } = await messageOf(error as { message: string; context?: unknown });
    // "Reading the users: ...", or after a whole sentence ("The account could not be deleted.") just a space.
    throw new FunctionError(status, `${what}${what.endsWith('.') ? ' ' : ': '}${message}`);
  }
  return data as T;
}
