// The audit log's own file, `<dataDir>/profiles/<id>/audit.sqlite` (main/audit/database.ts), opened beside the
// cache by the app's connection: entries go there and not to the cache; the old cache audit_log is copied once,
// ids and all; a damaged cache is set aside without losing the audit history; a damaged audit file is set aside
// and every set is kept; pragmas as set (synchronous = FULL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_PRAGMAS, COPIED_FROM_CACHE, openAuditDatabase } from '../../main/audit/database.js';
import { buildAuditRecord } from '../../main/audit/record.js';
import { createAuditRecorder } from '../../main/audit/recorder.js';
import { appendAudit, listAudit } from '../../main/audit/store.js';
import { openCacheDatabase } from '../../main/cache/database.js';
import { listSetAside } from '../../main/cache/set-aside.js';
import type { AppServices } from '../../main/app-services.js';
import { testAppServices } from '../support/test-app-services.js';
import { findOperation } from '../../shared/contract/index.js';
import { DEMO_PROFILE_ID } from '../../shared/rules/profiles/types.js';

let dir: string;
let lines: string[];
const log = (l: string) => lines.push(l);
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-audit-file-'));
  lines = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = (i: number) =>
  buildAuditRecord({
    at: new Date(Date.UTC(2026, 10, 1, 0, 0, i)),
    admin: { id: 'a', email: 'a@x.org' },
    operation: 'banners.update',
    area: 'banners',
    input: { i },
  });
const count = (db: Database.Database, table = 'audit_log') => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const ids = (db: Database.Database) => (db.prepare('select id from audit_log order by id').all() as { id: number }[]).map((r) => r.id);
/** Overwrites the first 100 bytes of a closed SQLite file, as the cache corruption tests do. */
const garble = (file: string) => {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(100, 0xa7), 0, 100, 0);
  fs.closeSync(fd);
};

describe('the audit file', () => {
  it('reads its pragmas back as set: WAL, synchronous FULL (2), busy_timeout, foreign keys', () => {
    const audit = openAuditDatabase(path.join(dir, 'audit.sqlite'), { log });
    try {
      const readBack = Object.fromEntries(Object.keys(AUDIT_PRAGMAS).map((name) => [name, audit.db.pragma(name, { simple: true })]));
      expect(readBack).toEqual(AUDIT_PRAGMAS);
      expect(audit.db.pragma('synchronous', { simple: true })).toBe(2);
      expect(lines).toEqual([]);
    } finally {
      audit.close();
    }
  });

  it("copies an old cache's audit_log once, ids and all, and new entries follow the copied ids", () => {
    const cache = openCacheDatabase(path.join(dir, 'cache.sqlite'), { log });
    // The cache as an earlier version wrote it; a gap in the ids proves they are copied, not renumbered.
    for (let i = 1; i <= 4; i++) appendAudit(cache.db, entry(i));
    cache.db.prepare("insert into audit_log (id, at, operation, area, outcome) values (40, '2026-11-02T00:00:00.000Z', 'flags.grant', 'flags', 'ok')").run();
    const file = path.join(dir, 'audit.sqlite');
    try {
      const first = openAuditDatabase(file, { log, cache: cache.db });
      expect(first.copiedFromCache).toBe(5);
      expect(ids(first.db)).toEqual([1, 2, 3, 4, 40]);
      const fromCache = cache.db.prepare('select * from audit_log order by id').all();
      expect(first.db.prepare('select * from audit_log order by id').all()).toEqual(fromCache);
      const meta = JSON.parse((first.db.prepare('select value from audit_meta where key = ?').get(COPIED_FROM_CACHE) as { value: string }).value) as {
        entries: number;
      };
      expect(meta.entries).toBe(5);
      expect(lines).toEqual(['Copied 5 audit entries from the local cache into audit.sqlite.']);
      expect(appendAudit(first.db, entry(6))).toBe(41);
      first.close();

      // More rows in the cache (they never are now, but a second copy would show): the copy does not run again.
      appendAudit(cache.db, entry(7));
      const second = openAuditDatabase(file, { log, cache: cache.db });
      expect(second.copiedFromCache).toBeUndefined();
      expect(ids(second.db)).toEqual([1, 2, 3, 4, 40, 41]);
      expect(count(second.db, 'audit_meta')).toBe(1);
      second.close();
    } finally {
      cache.close();
    }
  });

  it('records an empty copy when the cache has no audit_log table, and waits when there is no cache', () => {
    const file = path.join(dir, 'audit.sqlite');
    const none = openAuditDatabase(file, { log });
    expect(none.copiedFromCache).toBeUndefined();
    expect(count(none.db, 'audit_meta')).toBe(0);
    none.close();
    const bare = new Database(path.join(dir, 'bare.sqlite'));
    try {
      const audit = openAuditDatabase(file, { log, cache: bare });
      expect(audit.copiedFromCache).toBe(0);
      expect(count(audit.db, 'audit_meta')).toBe(1);
      audit.close();
    } finally {
      bare.close();
    }
  });

  it('sets a damaged audit file aside and keeps every set (none pruned after 5)', () => {
    const file = path.join(dir, 'audit.sqlite');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const audit = openAuditDatabase(file, { log, now: () => new Date(Date.UTC(2024, 5, 1, 12, 0, i)) });
      if (i > 0) made.push(path.basename(audit.setAsideAs!));
      appendAudit(audit.db, entry(i));
      audit.close();
      garble(file);
    }
    const last = openAuditDatabase(file, { log, now: () => new Date(Date.UTC(2024, 5, 1, 12, 0, 5)) });
    made.push(path.basename(last.setAsideAs!));
    expect(count(last.db)).toBe(0);
    last.close();
    expect(made).toHaveLength(5);
    expect(listSetAside(file).map((p) => path.basename(p))).toEqual([...made].reverse());
    // Byte for byte what was there, apart from the garbled header: the entry is still in each set.
    for (const name of made) expect(fs.readFileSync(path.join(dir, name)).toString('latin1')).toContain('banners.update');
    expect(lines.filter((l) => l.includes('set aside'))).toHaveLength(5);
    expect(lines[0]).toMatch(
      /^The audit log audit\.sqlite could not be used \(SQLITE_NOTADB\); it was set aside as audit\.sqlite\.corrupt-20240601T120001000Z .*The set-aside file is kept/,
    );
  });
});

describe("the app's connection", () => {
  const services: AppServices[] = [];
  const start = () => {
    const s = testAppServices(dir, { log });
    services.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of services.splice(0)) await s.dispose();
  });
  const profileDir = () => path.join(dir, 'profiles', DEMO_PROFILE_ID);

  it('records writes in audit.sqlite, not the cache; a damaged cache is set aside and the history stays', async () => {
    const app = start();
    const conn = await app.connections.current();
    expect(conn.audit?.file).toBe(path.join(profileDir(), 'audit.sqlite'));
    const hook = createAuditRecorder({ connection: () => app.connections.current() });
    // An operation without a target table: nothing is read from the (absent) backend.
    for (let i = 0; i < 3; i++) await hook(findOperation('analytics.refresh')!, {}, { id: 'admin-1', email: 'admin@x.org' }, async () => 'done');
    expect(count(conn.audit!.db)).toBe(3);
    expect(count(conn.cache!.db)).toBe(0);
    await app.dispose();

    garble(path.join(profileDir(), 'cache.sqlite'));
    const again = start();
    const reopened = await again.connections.current();
    expect(reopened.cache?.setAsideAs).toBeDefined();
    expect(listAudit(reopened.audit!.db, {}, undefined, 10).items.map((e) => e.operation)).toEqual([
      'analytics.refresh',
      'analytics.refresh',
      'analytics.refresh',
    ]);
    expect(reopened.audit?.setAsideAs).toBeUndefined();
    expect(again.connections.auditSetAsideAs(DEMO_PROFILE_ID)).toBeUndefined();
  });

  it('opens a fresh audit file beside a damaged one and remembers the set-aside name for the run', async () => {
    const app = start();
    await app.connections.current();
    await app.dispose();
    garble(path.join(profileDir(), 'audit.sqlite'));
    const again = start();
    const conn = await again.connections.current();
    expect(conn.audit?.setAsideAs).toMatch(/audit\.sqlite\.corrupt-\d{8}T\d{9}Z$/);
    expect(again.connections.auditSetAsideAs(DEMO_PROFILE_ID)).toBe(conn.audit?.setAsideAs);
    // A reopen in the same run (profile switch, backend restart) finds a healthy file but still says so.
    await again.connections.dispose();
    const reopened = await again.connections.current();
    expect(reopened.audit?.setAsideAs).toBeUndefined();
    expect(again.connections.auditSetAsideAs(DEMO_PROFILE_ID)).toBe(conn.audit?.setAsideAs);
  });
});
