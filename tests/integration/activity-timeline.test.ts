import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { TimelinePage } from '../../shared/contract/areas/activity.js';
import type { TimelineCursor, TimelineKind } from '../../shared/rules/activity/timeline.js';

const backend = sharedBackend();

// Ground truth: every kind's rows in the timeline's total order (time, then kind, then id, all descending).
const TRUTH = `
  select kind, id::text from (
    select 'signup' kind, id, created_at from profiles
    union all select 'journal', id, created_at from blocks
    union all select 'coach_session', id, created_at from coach_interactions
    union all select 'panel', id, created_at from coach_panel_interactions
    union all select 'meditation', id, created_at from meditation_sessions
    union all select 'feedback', id, created_at from feedback_submissions where status <> 'deleted'
    union all select 'coach_request', id, created_at from coach_requests
  ) t %WHERE% order by created_at desc, kind collate "C" desc, id desc`;

async function walk(app: TestApp, kind: TimelineKind | null, limit: number, max = Infinity): Promise<string[]> {
  const seen: string[] = [];
  let cursor: TimelineCursor | null = null;
  for (let i = 0; i < 10_000; i++) {
    const page: TimelinePage = await app.data<TimelinePage>('activity.timeline', { kind, cursor, limit });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((it) => `${it.kind}:${it.id}`));
    if (!page.next || seen.length >= max) break;
    expect(page.items.length).toBe(limit);
    cursor = page.next;
  }
  return seen;
}

describe('recent activity timeline, read by keyset', () => {
  let app: TestApp;
  let userId = '';
  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    userId = (await sql<{ id: string }>(backend, 'select id from auth.users order by created_at limit 1'))[0]!.id;
    // Ties on purpose: several kinds and several rows of one kind at the very same microsecond, and times that
    // differ only in the microseconds (PostgreSQL prints them with trailing zeros trimmed).
    const t = ["'2030-01-01 00:00:00.123456+00'", "'2030-01-01 00:00:00.12+00'", "'2030-01-01 00:00:00+00'"];
    for (const at of t) {
      await sql(backend, `insert into blocks (user_id, title, created_at, updated_at) select $1, 'keyset test', ${at}, ${at} from generate_series(1, 4)`, [
        userId,
      ]);
      await sql(
        backend,
        `insert into coach_requests (user_id, coach_name, message, created_at) select $1, 'Keyset Coach', 'keyset test', ${at} from generate_series(1, 3)`,
        [userId],
      );
      await sql(backend, `insert into feedback_submissions (user_id, title, created_at) select $1, 'keyset test', ${at} from generate_series(1, 2)`, [userId]);
    }
  });
  afterAll(async () => {
    await sql(backend, "delete from blocks where title = 'keyset test'");
    await sql(backend, "delete from coach_requests where message = 'keyset test'");
    await sql(backend, "delete from feedback_submissions where title = 'keyset test'");
    await app?.close();
  });

  it('pages through the ties with small pages: no item twice, none skipped', async () => {
    const expected = (await sql<{ kind: string; id: string }>(backend, TRUTH.replace('%WHERE%', ''))).map((r) => `${r.kind}:${r.id}`);
    const seen = await walk(app, null, 4, 48);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected.slice(0, seen.length));
  });

  it('walks the whole timeline exactly once, in order', async () => {
    const expected = (await sql<{ kind: string; id: string }>(backend, TRUTH.replace('%WHERE%', ''))).map((r) => `${r.kind}:${r.id}`);
    const seen = await walk(app, null, 200);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });

  it('filters by kind, still exact across pages', async () => {
    const expected = (await sql<{ kind: string; id: string }>(backend, TRUTH.replace('%WHERE%', "where kind = 'journal'"))).map((r) => `${r.kind}:${r.id}`);
    const seen = await walk(app, 'journal', 5, 60);
    expect(seen).toEqual(expected.slice(0, seen.length));
    expect(seen.length).toBeGreaterThan(12);
  });

  it('names the user of each item and keeps the timestamp exactly as stored', async () => {
    const page = await app.data<TimelinePage>('activity.timeline', { kind: 'coach_request', cursor: null, limit: 3 });
    expect(page.items[0]).toMatchObject({ kind: 'coach_request', userId, title: 'Asked for a coach: Keyset Coach' });
    expect(page.items[0]?.userLabel).toBeTruthy();
    expect(page.items[0]?.at).toMatch(/^2030-01-01T00:00:00\.123456/);
  });

  it('rejects a cursor that is not a timestamp', async () => {
    const r = await app.call('activity.timeline', { kind: null, cursor: { at: '2030-01-01",id.gt.0', kind: 'journal', id: userId }, limit: 5 });
    expect(r.ok).toBe(false);
  });
});
