import { AppError } from '../../ground/errors.js';
import { inPool } from './pool.js';

/** Hosted Supabase (and the embedded backend) answer at most this many rows per request. */
export const PAGE_SIZE = 1000;
const PARALLEL_PAGES = 4;

interface BackendError {
  readonly message: string;
  readonly code?: string;
}

interface Answer<T> {
  readonly data: T | null;
  readonly error: BackendError | null;
  readonly count?: number | null;
}

/** Unwraps a supabase-js answer; a backend error becomes a message naming what failed. */
export function must<T>(answer: Answer<T>, what: string): T {
  if (answer.error) throw new AppError('BACKEND_ERROR', `${what}: ${answer.error.message}`);
  return answer.data as T;
}

/** The exact count of a head request (`select('*', { count: 'exact', head: true })`). */
export function countOf(answer: Answer<unknown>, what: string): number {
  if (answer.error) throw new AppError('BACKEND_ERROR', `${what}: ${answer.error.message}`);
  return answer.count ?? 0;
}

/**
 * Reads every row of a query in pages of PAGE_SIZE, a few pages at a time, so no figure silently stops at the
 * server's row cap. `page(from, to)` must apply a stable order and `.range(from, to)`.
 */
export async function readAll<T>(what: string, total: number, page: (from: number, to: number) => PromiseLike<Answer<T[]>>, start = 0): Promise<T[]> {
  const starts: number[] = [];
  for (let from = start; from < total; from += PAGE_SIZE) starts.push(from);
  const pages: T[][] = new Array<T[]>(starts.length);
  await inPool(starts, PARALLEL_PAGES, async (from, i) => {
    pages[i] = must(await page(from, from + PAGE_SIZE - 1), what) ?? [];
  });
  return pages.flat();
}

/** What a failed count and a failed read are called; one string names both. */
export type CountedWhat = string | { readonly count: string; readonly read: string };

/**
 * Counts the rows of a query and reads them all: the first page travels with the count (a list of up to PAGE_SIZE
 * rows costs one round trip, not two), and the count tells how many more pages to ask for at once (readAll).
 * `head` is the same query as `page` with `select('id', { count: 'exact', head: true })` and no order or range.
 */
export async function readCounted<T>(
  what: CountedWhat,
  head: PromiseLike<Answer<unknown>>,
  page: (from: number, to: number) => PromiseLike<Answer<T[]>>,
): Promise<T[]> {
  const names = typeof what === 'string' ? { count: what, read: what } : what;
  const [counted, first] = await Promise.all([head, page(0, PAGE_SIZE - 1)]);
  const total = countOf(counted, names.count);
  const firstRows = must(first, names.read) ?? [];
  if (total <= PAGE_SIZE) return firstRows;
  return [...firstRows, ...(await readAll(names.read, total, page, PAGE_SIZE))];
}
