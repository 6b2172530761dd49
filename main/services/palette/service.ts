/**
 * The command palette of a connection (built with it, main/connection-services.ts): keeps each admin's index in
 * step with the connection's cache and answers searches from it. Refreshes run in the background (a search never
 * waits for one): when a kept read a source reads is written (the router's hook), when a sync finishes (refresh),
 * and, at most once a second, when a search finds a source's stamp moved (covers the users replica written by its
 * own sync). One refresh per source and admin runs at a time; a request during it runs once more after.
 */
import type Database from 'better-sqlite3';
import type { PaletteItem, PaletteKind, PaletteResults } from '../../../shared/rules/palette/kinds.js';
import { PALETTE_MESSAGES } from '../../../shared/rules/palette/kinds.js';
import { AppError } from '../../ground/errors.js';
import { eraseRows } from '../../cache/erase.js';
import { log } from '../../ground/log.js';
import { rememberOpened } from './recent.js';
import { refreshSource, storedStamp } from './refresh.js';
import { searchIndex } from './search.js';
import { PALETTE_SOURCES } from './sources/index.js';
import { stampHasSyncedUsers } from './sources/users.js';
import type { PaletteSource } from './sources/types.js';

const CHECK_EVERY_MS = 1000;

export interface PaletteService {
  search(userId: string, query: string): Promise<PaletteResults>;
  opened(userId: string, kind: PaletteKind, id: string): Promise<PaletteItem>;
  /** A kept read was written: refresh the sources that read it. */
  keptWritten(userId: string, op: string): void;
  /** A sync finished (e.g. the users replica): refresh every source of the admin, or of every admin when none is given. */
  refresh(userId?: string): void;
  /** Whether the admin's index holds any user yet (until it does, the palette also asks the server). */
  hasUsers(userId: string): boolean;
  /** Resolves when no refresh is running (tests, the benchmark). */
  settled(): Promise<void>;
  /** Deletes the admin's index and recent items with secure_delete, their refreshes ended first (an administrator revoked). */
  forget(userId: string): Promise<void>;
}

/** `db` is the connection's cache; undefined when it could not be opened (the palette then says it needs it). */
export function createPaletteService(deps: { db: Database.Database | undefined; now?: () => Date }): PaletteService {
  const now = deps.now ?? (() => new Date());
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const checkedAt = new Map<string, number>();
  const all = new Set<Promise<void>>();
  const forgetting = new Set<string>();

  function schedule(db: Database.Database, userId: string, source: PaletteSource, force: boolean): void {
    const key = `${userId}\u0000${source.kind}`;
    if (forgetting.has(userId)) return;
    if (running.has(key)) {
      again.add(key);
      return;
    }
    const run = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      do {
        again.delete(key);
        if (!db.open) break;
        try {
          await refreshSource(db, userId, source, force);
        } catch (err) {
          // The index is an aid: a failure leaves the previous rows, and the next change tries again.
          log.warn(`The command palette could not refresh its ${source.kind} entries: ${err instanceof Error ? err.message : String(err)}`);
          break;
        }
      } while (again.has(key));
    })().finally(() => {
      running.delete(key);
      all.delete(run);
    });
    running.set(key, run);
    all.add(run);
  }

  function checkStale(db: Database.Database, userId: string): void {
    const last = checkedAt.get(userId) ?? -Infinity;
    if (Date.now() - last < CHECK_EVERY_MS) return;
    checkedAt.set(userId, Date.now());
    for (const source of PALETTE_SOURCES) {
      if (source.stamp(db, userId) !== storedStamp(db, userId, source.kind)) schedule(db, userId, source, false);
    }
  }

  const needDb = () => {
    const { db } = deps;
    if (!db?.open) throw new AppError('PRECONDITION_FAILED', 'The command palette needs the local cache, which is not available.');
    return db;
  };

  return {
    async search(userId, query) {
      const db = needDb();
      checkStale(db, userId);
      return { items: searchIndex(db, userId, query.trim()) };
    },
    async opened(userId, kind, id) {
      const db = needDb();
      const item = rememberOpened(db, userId, kind, id, now());
      if (!item) throw new AppError('NOT_FOUND', PALETTE_MESSAGES.notFound);
      return item;
    },
    keptWritten(userId, op) {
      const { db } = deps;
      if (!db?.open) return;
      for (const source of PALETTE_SOURCES) if ((source.ops as readonly string[]).includes(op)) schedule(db, userId, source, false);
    },
    refresh(userId) {
      const { db } = deps;
      if (!db?.open) return;
      const users = userId
        ? [userId]
        : db
            .prepare<[], { user_id: string }>("select user_id from kept_reads where op = 'auth.verifiedAdmin'")
            .all()
            .map((r) => r.user_id);
      for (const u of users) for (const source of PALETTE_SOURCES) schedule(db, u, source, true);
    },
    hasUsers(userId) {
      const { db } = deps;
      if (!db?.open) return false;
      return stampHasSyncedUsers(storedStamp(db, userId, 'user'));
    },
    async settled() {
      while (all.size > 0) await Promise.allSettled([...all]);
    },
    async forget(userId) {
      forgetting.add(userId);
      try {
        const mine = () => [...running].filter(([key]) => key.startsWith(`${userId}\u0000`)).map(([, run]) => run);
        for (let runs = mine(); runs.length > 0; runs = mine()) await Promise.allSettled(runs);
        checkedAt.delete(userId);
        const { db } = deps;
        if (!db?.open) return;
        eraseRows(db, () => {
          for (const table of ['palette_items', 'palette_sources', 'palette_recent']) db.prepare(`delete from ${table} where user_id = ?`).run(userId);
        });
      } finally {
        forgetting.delete(userId);
      }
    },
  };
}
