/**
 * The writes of a sync's pull, on the cache's writer thread (main/cache/writer-thread.ts): the replica store's own
 * writers (tables.ts, json-writers.ts) are run on a recorder and the thread commits each batch of pages in one
 * transaction while main asks for the next pages.
 */
import type Database from 'better-sqlite3';
import { openWriterThread, recorder, type WriteOp, type WriterThread } from '../../cache/writer-thread.js';
import type { Page, ReplicaStore } from './replica-store.js';

export interface ReplicaWriter extends WriterThread {
  /**
   * Writes pages (of any tables) in one transaction, with what `also` writes (the pull's progress). Resolves once
   * the writer has room for more.
   */
  write(pages: readonly Page[], also?: (db: Database.Database) => void): Promise<void>;
}

/** Records a batch of pages as the store's writers would write them; the bytes they own go to the thread uncopied. */
function recordPages(store: ReplicaStore, pages: readonly Page[], also?: (db: Database.Database) => void): { ops: WriteOp[]; transfer: ArrayBuffer[] } {
  const ops: WriteOp[] = [];
  const db: Database.Database = recorder(ops);
  const transfer: ArrayBuffer[] = [];
  for (const p of pages) {
    const json = p.json;
    if (typeof json !== 'string' && json.byteOffset === 0 && json.byteLength === json.buffer.byteLength && json.buffer instanceof ArrayBuffer)
      transfer.push(json.buffer);
    store.recordPage(db, p);
  }
  also?.(db);
  return { ops, transfer };
}

/** The writer for a sync of `store`, with SQLite's page cache at `cacheKib` while it writes. */
export async function openReplicaWriter(store: ReplicaStore, cacheKib: number): Promise<ReplicaWriter> {
  const thread = await openWriterThread(store.db, { cacheKib, label: 'The analytics replica sync' });
  return Object.assign(thread, {
    write(pages: readonly Page[], also?: (db: Database.Database) => void) {
      const { ops, transfer } = recordPages(store, pages, also);
      return thread.send(ops, transfer);
    },
  });
}
