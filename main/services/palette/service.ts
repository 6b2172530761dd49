/**
 * The command palette in main: keeps each admin's index in step with the cache and answers searches from it.
 * Refreshes run in the background (a search never waits for one): when a kept read a source reads is written
 * (the router's hook), when a sync finishes (refresh), and, at most once a second, when a search finds a
 * source's stamp moved (covers the users replica written by its own sync). One refresh per source and admin
 * runs at a time; a request during it runs once more after.
 */
import type Database from 'better-sqlite3';
import type { PaletteItem, PaletteKind, PaletteResults } from '../../../shared/rules/palette/kinds.js';
import { PALETTE_MESSAGES } from '../../../shared/rules/palette/kinds.js';
import { AppError } from '../../ground/errors.js';
import { log } from '../../ground/log.js';
import { rememberOpened } from './recent.js';
import { refreshSource, storedStamp } from './refresh.js';
import { searchIndex } from './search.js';
import { PALETTE_SOURCES } from './sources/index.js';
import type { PaletteSource } from './sources/types.js';

const CHECK_EVERY_MS = 1000;

interface DbState {
  readonly running: Map<string, Promise<void>>;
  readonly again: Set<string>;
  readonly checkedAt: Map<string, number>;
}

export interface PaletteService {
  search(userId: string, query: string): Promise<PaletteResults>;
  opened(userId: string, kind: PaletteKind, id: string): Promise<PaletteItem>;
  /** A kept read was written: refresh the sources that read it. */
  keptWritten(userId: string, op: string): void;
  /** A sync finished (e.g. the users replica): refresh every source of the admin, or of every admin when none is given. */
  refresh(userId?: string): void;
  /** Resolves when no refresh is running (tests, the benchmark). */
  settled(): Promise<void>;
}

export function createPaletteService(deps: { db: () => Promise<Database.Database | undefined>; now?: () => Date }): PaletteService {
  const now = deps.now ?? (() => new Date());
  const states = new WeakMap<Database.Database, DbState>();
  const all = new Set<Promise<void>>();
  const stateOf = (db: Database.Database) => {
    let s = states.get(db);
    if (!s) states.set(db, (s = { running: new Map(), again: new Set(), checkedAt: new Map() }));
    return s;
  };

  function schedule(db: Database.Database, userId: string, source: PaletteSource, force: boolean): void {
    const s = stateOf(db);
    const key = `${userId}\u0000${source.kind}`;
    if (s.running.has(key)) {
      s.again.add(key);
      return;
    }
    const run = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      do {
        s.again.delete(key);
        if (!db.open) break;
        try {
          await refreshSource(db, userId, source, force);
        } catch (err) {
          // The index is an aid: a failure leaves the previous rows, and the next change tries again.
          log.warn(`The command palette could not refresh its ${source.kind} entries: ${err instanceof Error ? err.message : String(err)}`);
          break;
        }
      } while (s.again.has(key));
    })().finally(() => {
      s.running.delete(key);
      all.delete(run);
    });
    s.running.set(key, run);
    all.add(run);
  }

  function checkStale(db: Database.Database, userId: string): void {
    const s = stateOf(db);
    const last = s.checkedAt.get(userId) ?? -Infinity;
    if (Date.now() - last < CHECK_EVERY_MS) return;
    s.checkedAt.set(userId, Date.now());
    for (const source of PALETTE_SOURCES) {
      if (source.stamp(db, userId) !== storedStamp(db, userId, source.kind)) schedule(db, userId, source, false);
    }
  }

  /** Keeps the step that finds the database in `all` too, so settled() waits for the refreshes it starts. */
  function track(p: Promise<void>): void {
    const step = p.catch(() => undefined).finally(() => all.delete(step));
    all.add(step);
  }

  const needDb = async () => {
    const db = await deps.db().catch(() => undefined);
    if (!db?.open) throw new AppError('PRECONDITION_FAILED', 'The command palette needs the local cache, which is not available.');
    return db;
  };

  return {
    async search(userId, query) {
      const db = await needDb();
      checkStale(db, userId);
      return { items: searchIndex(db, userId, query.trim()) };
    },
    async opened(userId, kind, id) {
      const db = await needDb();
      const item = rememberOpened(db, userId, kind, id, now());
      if (!item) throw new AppError('NOT_FOUND', PALETTE_MESSAGES.notFound);
      return item;
    },
    keptWritten(userId, op) {
      track(deps.db().then((db) => {
        if (!db?.open) return;
        for (const source of PALETTE_SOURCES) if ((source.ops as readonly string[]).includes(op)) schedule(db, userId, source, false);
      }));
    },
    refresh(userId) {
      track(deps.db().then((db) => {
        if (!db?.open) return;
        const users = userId
          ? [userId]
          : db.prepare<[], { user_id: string }>("select user_id from kept_reads where op = 'auth.verifiedAdmin'").all().map((r) => r.user_id);
        for (const u of users) for (const source of PALETTE_SOURCES) schedule(db, u, source, true);
      }));
    },
    async settled() {
      while (all.size > 0) await Promise.allSettled([...all]);
    },
  };
}
