import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import pg from 'pg';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import { DEFAULT_PRIVACY_TEXT, type PrivacyCurrent, type PrivacyVersion } from '../../shared/rules/privacy/document.js';

/** Privacy versions through the router and the SQL helpers; exactly one active version under concurrent activations. */
const backend = sharedBackend();

const activeIds = async () =>
  (await sql<{ id: string }>(backend, "select id::text from privacy_document_versions where document_type = 'privacy_intentions' and is_active")).map(
    (r) => r.id,
  );

describe('privacy intentions against the embedded backend', () => {
  let app: TestApp;
  let initialActive: string;
  const created: string[] = [];

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    initialActive = (await activeIds())[0]!;
  });
  afterAll(async () => {
    await sql(backend, 'update privacy_document_versions set is_active = false where is_active');
    await sql(backend, 'update privacy_document_versions set is_active = true where id = $1', [initialActive]);
    if (created.length) await sql(backend, 'delete from privacy_document_versions where id = any($1::uuid[])', [created]);
    await app?.close();
  });

  it('reads the active version and the history newest first', async () => {
    const current = await app.data<PrivacyCurrent>('privacy.current');
    const [active] = await sql<{ content: string; version: number }>(backend, 'select content, version from privacy_document_versions where id = $1', [
      initialActive,
    ]);
    expect(current).toMatchObject({ source: 'version', content: active!.content, version: active!.version });
    const history = await app.data<PrivacyVersion[]>('privacy.history');
    expect(history.map((v) => v.version)).toEqual([...history.map((v) => v.version)].sort((a, b) => b - a));
    expect(history.filter((v) => v.isActive).map((v) => v.id)).toEqual([initialActive]);
  });

  it('creates a version that is active at once, and refuses a blank summary', async () => {
    const blank = await app.call('privacy.createVersion', { content: 'x', changeSummary: '  ', changeReason: null });
    expect(blank).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(JSON.stringify(blank)).toContain('Please provide a summary of changes');
    const { id } = await app.data<{ id: string }>('privacy.createVersion', { content: '# New text', changeSummary: ' Shorter ', changeReason: '' });
    created.push(id);
    expect(await activeIds()).toEqual([id]);
    const [row] = await sql<{ change_summary: string; change_reason: string | null; created_by: string }>(
      backend,
      'select change_summary, change_reason, (select email from profiles where id = created_by) created_by from privacy_document_versions where id = $1',
      [id],
    );
    expect(row).toEqual({ change_summary: 'Shorter', change_reason: null, created_by: 'admin@reflect.local' });
    expect((await app.data<PrivacyCurrent>('privacy.current')).content).toBe('# New text');
  });

  it('leaves exactly one active version after two concurrent activations (router and raw SQL)', async () => {
    const ids = (await sql<{ id: string }>(backend, 'select id::text from privacy_document_versions where not is_active order by version limit 2')).map(
      (r) => r.id,
    );
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([app.call('privacy.activate', { versionId: ids[0] }), app.call('privacy.activate', { versionId: ids[1] })]);
      expect(results.every((r) => r.ok)).toBe(true);
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect(ids).toContain(active[0]);
    }
    // Two transactions interleaved by hand: the second waits for the first's lock, then wins.
    const a = new pg.Client({ connectionString: backend.databaseUrl });
    const b = new pg.Client({ connectionString: backend.databaseUrl });
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      await b.query('begin');
      await a.query('select activate_privacy_document_version($1)', [ids[0]]);
      const second = b.query('select activate_privacy_document_version($1)', [ids[1]]);
      await new Promise((r) => setTimeout(r, 300));
      await a.query('commit');
      await second;
      await b.query('commit');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect(await activeIds()).toEqual([ids[1]]);
  });

  it('falls back to the admin setting, then to the default text', async () => {
    const saved = await sql<Record<string, unknown>>(backend, 'select * from privacy_document_versions');
    const [setting] = await sql<{ value: string; updated_at: Date }>(backend, "select value, updated_at from admin_settings where key = 'privacy_intentions'");
    try {
      await sql(backend, 'delete from privacy_document_versions');
      let current = await app.data<PrivacyCurrent>('privacy.current');
      expect(current).toMatchObject({ source: 'setting', content: setting!.value, version: null });
      expect(await app.data<PrivacyVersion[]>('privacy.history')).toEqual([]);
      await sql(backend, "delete from admin_settings where key = 'privacy_intentions'");
      current = await app.data<PrivacyCurrent>('privacy.current');
      expect(current).toEqual({ source: 'default', content: DEFAULT_PRIVACY_TEXT, version: null, updatedAt: null });
      expect(current.content).toMatch(/30 days[\s\S]*90 days[\s\S]*48 hours/);
    } finally {
      await sql(
        backend,
        "insert into admin_settings (key, value, updated_at) values ('privacy_intentions', $1, $2) on conflict (key) do update set value = excluded.value",
        [setting!.value, setting!.updated_at],
      );
      await sql(
        backend,
        `insert into privacy_document_versions select * from json_populate_recordset(null::privacy_document_versions, $1::json) on conflict (id) do nothing`,
        [JSON.stringify(saved.map((r) => ({ ...r, is_active: false })))],
      );
    }
  });
});
