/**
 * One request of a bulk change (a chunk of ids changed by one statement, "where still X") whose lost reply is settled
 * (issue 31). One statement lands whole or not at all, so the chunk's ids read again tell which: none still waiting
 * for the change -> it landed (saved); some still waiting and the request cannot land any more -> it did not. Sending
 * the statement again is harmless (it changes only the ids still waiting), so anything else is sent once more.
 */
import { changeMayStillLandInThisCall } from '../../core/connectivity.js';
import { nothingWasSaved, replyLost } from './lost-reply.js';

/** Where one id of the chunk stands: changed as asked, still waiting for the change, or neither (gone, or moved elsewhere). */
export type BulkState = 'done' | 'waiting' | 'other';

export interface BulkAnswer {
  readonly data: readonly { readonly id: string }[] | null;
  readonly error: { readonly message: string } | null;
}

/**
 * How many ids of the chunk the change holds for, or the statement's error. `send`: the statement, answering with
 * the ids it changed. `read`: each id's state now (throws when it cannot be read). `alone`: this is the operation's
 * only request, so a chunk that did not land means nothing was saved (OFFLINE); with other chunks it is sent again.
 * A chunk settled by reading counts every id now changed as asked, whoever changed it last.
 */
export async function bulkChunkSettled(
  send: () => PromiseLike<BulkAnswer>,
  read: () => Promise<ReadonlyMap<string, BulkState>>,
  alone: boolean,
): Promise<{ readonly count: number } | { readonly error: { readonly message: string } }> {
  const attempt = async (): Promise<BulkAnswer> => {
    try {
      return await send();
    } catch (e) {
      return { data: null, error: { message: e instanceof Error ? e.message : String(e) } };
    }
  };
  const states = async (): Promise<ReadonlyMap<string, BulkState> | undefined> => read().catch(() => undefined);
  const done = (s: ReadonlyMap<string, BulkState>) => [...s.values()].filter((v) => v === 'done').length;
  const waiting = (s: ReadonlyMap<string, BulkState>) => [...s.values()].some((v) => v === 'waiting');

  const first = await attempt();
  if (!first.error) return { count: first.data?.length ?? 0 };
  if (!replyLost()) return { error: first.error };
  const now = await states();
  if (now && !waiting(now)) return { count: done(now) };
  if (now && alone && !changeMayStillLandInThisCall()) {
    nothingWasSaved();
  }
  const again = await attempt();
  const after = await states();
  if (after && !waiting(after)) return { count: done(after) };
  if (again.error) return { error: first.error };
  return { count: after ? done(after) : (again.data?.length ?? 0) };
}
