import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import { DEFAULT_COACH_PARAMS } from '../../shared/rules/coaches/params.js';
import { COACH_KNOWLEDGE_BASE, COACH_PROMPTS } from '../../main/services/versions/family.js';
import { appendVersion, MISSING_FUNCTION_MESSAGE } from '../../main/services/versions/writer.js';

/**
 * The version invariants (SECURITY.md A3, issue 5): every save appends highest + 1, active, and deactivates the
 * previous version; a family never has zero or two active versions, also when the insert fails after the
 * deactivation or when many administrators save at once.
 */
const backend = sharedBackend();

interface Row {
  version: number;
  is_active: boolean;
  created_by: string | null;
  prompt_content: string;
  notes: string | null;
  change_reason: string | null;
}

const promptRows = (coachId: string) =>
  sql<Row>(
    backend,
    `select version, is_active, created_by::text, prompt_content, notes, change_reason from coach_prompts where coach_id = $1 order by version`,
    [coachId],
  );

function expectInvariant(rows: readonly { version: number; is_active: boolean }[]): void {
  const versions = rows.map((r) => r.version);
  expect(versions).toEqual(versions.map((_, i) => i + 1));
  const active = rows.filter((r) => r.is_active);
  expect(active).toHaveLength(1);
  expect(active[0]?.version).toBe(rows.length);
}

const client = (key: string): SupabaseClient =>
  createClient(backend.url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as unknown as never } });
const service = () => client(backend.serviceRoleKey);
const params = (temperature = 0.7) => ({ ...DEFAULT_COACH_PARAMS, temperature, variety_prompts: [] as string[] });

describe('version families against the embedded backend', () => {
  let app: TestApp;
  let adminId: string;
  const coachIds: string[] = [];
  const newCoach = async (name: string) => {
    const { id } = await app.data<{ id: string }>('coaches.create', {
      name: `${name} ${Date.now()}`,
      description: null,
      category: null,
      subscriptionTier: 'basic',
      coachType: 'reflect',
      isFree: false,
      isActive: true,
      sampleInteraction: null,
    });
    coachIds.push(id);
    return id;
  };
  const save = (coachId: string, content: string, temperature = 0.7) =>
    app.call<VersionItem>('prompts.save', { family: 'coach-prompt', coachId, content, params: params(temperature), notes: null });

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, "select id::text from auth.users where email = 'admin@reflect.local'"))[0]!.id;
  });
  afterAll(async () => {
    if (coachIds.length) await sql(backend, 'delete from coaches where id = any($1::uuid[])', [coachIds]);
    await app?.close();
  });

  it('numbers saves 1, 2, 3, keeps one active, records the admin and refuses blank or unchanged text', async () => {
    const coachId = await newCoach('IT Versions Basic');
    const first = await save(coachId, 'You are a careful coach. Ask one question at a time.');
    expect(first).toMatchObject({ ok: true, data: { version: 1, isActive: true, createdBy: adminId } });
    expect(await save(coachId, 'You are a careful coach. Ask one question at a time.')).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED' });
    expect(await save(coachId, '   \n ')).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED', message: 'The prompt text cannot be empty.' });
    // A change of parameters alone is a change.
    expect(await save(coachId, 'You are a careful coach. Ask one question at a time.', 0.3)).toMatchObject({ ok: true, data: { version: 2 } });
    expect(await save(coachId, 'You are a careful coach. Ask two questions at a time.', 0.3)).toMatchObject({ ok: true, data: { version: 3 } });
    const rows = await promptRows(coachId);
    expectInvariant(rows);
    expect(rows.every((r) => r.created_by === adminId)).toBe(true);
  });

  it('rolls back by appending a new version with the old text, and never rolls back the current one', async () => {
    const coachId = await newCoach('IT Versions Rollback');
    await save(coachId, 'Version one text.');
    await save(coachId, 'Version two text.');
    const history = await app.data<{ versions: VersionItem[] }>('prompts.history', { family: 'coach-prompt', coachId });
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    const current = history.versions[0]!;
    expect(await app.call('prompts.rollback', { family: 'coach-prompt', coachId, versionId: current.id })).toMatchObject({
      ok: false,
      code: 'PRECONDITION_FAILED',
      message: 'The current version cannot be rolled back.',
    });
    const rolled = await app.data<VersionItem>('prompts.rollback', { family: 'coach-prompt', coachId, versionId: history.versions[1]!.id });
    expect(rolled).toMatchObject({ version: 3, isActive: true, text: 'Version one text.', notes: 'Rolled back to version 1', changeReason: 'rollback' });
    const rows = await promptRows(coachId);
    expectInvariant(rows);
    // A3: nothing was rewritten; version 1 is still there, inactive, unchanged.
    expect(rows[0]).toMatchObject({ version: 1, is_active: false, prompt_content: 'Version one text.' });
  });

  it('records parent_version_id for knowledge base versions', async () => {
    const coachId = await newCoach('IT Versions Knowledge');
    const kb = (content: string) => app.data<VersionItem>('prompts.save', { family: 'coach-knowledge', coachId, title: 'Notes', content, notes: null });
    const v1 = await kb('First knowledge.');
    const v2 = await kb('Second knowledge.');
    expect(v1.parentVersionId).toBeNull();
    expect(v2).toMatchObject({ version: 2, isActive: true, parentVersionId: v1.id, title: 'Notes' });
    expect(await app.call('prompts.save', { family: 'coach-knowledge', coachId, title: 'Notes', content: 'Second knowledge.', notes: null })).toMatchObject({
      ok: false,
      code: 'PRECONDITION_FAILED',
    });
    const rows = await sql<{ version: number; is_active: boolean }>(
      backend,
      'select version, is_active from coach_knowledge_base where coach_id = $1 order by version',
      [coachId],
    );
    expectInvariant(rows);
  });

  for (const timing of ['before', 'after'] as const) {
    it(`changes nothing when the insert fails (${timing} insert trigger) after the deactivation`, async () => {
      const coachId = await newCoach(`IT Versions Failure ${timing}`);
      await save(coachId, 'Stable version one.');
      await save(coachId, 'Stable version two.');
      const before = await promptRows(coachId);
      const trigger = `it_fail_${timing}_${Date.now()}`;
      await sql(
        backend,
        `create or replace function public.${trigger}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
      );
      await sql(
        backend,
        `create trigger ${trigger} ${timing} insert on public.coach_prompts for each row when (new.coach_id = '${coachId}') execute function public.${trigger}()`,
      );
      try {
        const failed = await save(coachId, 'This version must not appear.');
        expect(failed).toMatchObject({ ok: false, code: 'BACKEND_ERROR' });
        expect(failed.ok === false && failed.message).toContain('injected failure');
        const rolled = await app.call('prompts.rollback', {
          family: 'coach-prompt',
          coachId,
          versionId: (await app.data<{ versions: VersionItem[] }>('prompts.history', { family: 'coach-prompt', coachId })).versions[1]!.id,
        });
        expect(rolled).toMatchObject({ ok: false });
      } finally {
        await sql(backend, `drop trigger if exists ${trigger} on public.coach_prompts`);
        await sql(backend, `drop function if exists public.${trigger}()`);
      }
      const after = await promptRows(coachId);
      expect(after).toEqual(before);
      expectInvariant(after);
      // And the family still accepts saves afterwards.
      expect(await save(coachId, 'Version three after the failure.')).toMatchObject({ ok: true, data: { version: 3 } });
    });
  }

  it('gives 10 concurrent saves from separate clients unique, consecutive versions with exactly one active', async () => {
    const coachId = await newCoach('IT Versions Race');
    await save(coachId, 'Starting point.');
    const clients = Array.from({ length: 10 }, service);
    const results = await Promise.all(
      clients.map((db, i) =>
        appendVersion(
          db,
          COACH_PROMPTS,
          { coach_id: coachId, prompt_type: 'system' },
          { prompt_content: `Concurrent save ${i}.`, generation_params: params(), notes: null },
          adminId,
        ),
      ),
    );
    expect(new Set(results.map((r) => r.version)).size).toBe(10);
    expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const rows = await promptRows(coachId);
    expect(rows).toHaveLength(11);
    expectInvariant(rows);
  });

  it('keeps the invariant when administrators save and roll back at the same moment through the router', async () => {
    const coachId = await newCoach('IT Versions Router Race');
    await save(coachId, 'Base one.');
    await save(coachId, 'Base two.');
    const old = (await app.data<{ versions: VersionItem[] }>('prompts.history', { family: 'coach-prompt', coachId })).versions.find((v) => v.version === 1)!;
    const other = bootTestApp(backend);
    try {
      await other.signIn();
      const calls = [
        ...Array.from({ length: 5 }, (_, i) => save(coachId, `Router save ${i}.`)),
        ...Array.from({ length: 4 }, (_, i) =>
          other.call<VersionItem>('prompts.save', { family: 'coach-prompt', coachId, content: `Other admin ${i}.`, params: params(), notes: null }),
        ),
        app.call<VersionItem>('prompts.rollback', { family: 'coach-prompt', coachId, versionId: old.id }),
      ];
      const results = await Promise.all(calls);
      expect(results.every((r) => r.ok)).toBe(true);
    } finally {
      await other.close();
    }
    const rows = await promptRows(coachId);
    expect(rows).toHaveLength(12);
    expectInvariant(rows);
    expect(rows.filter((r) => r.change_reason === 'rollback')).toEqual([
      expect.objectContaining({ notes: 'Rolled back to version 1', prompt_content: 'Base one.' }),
    ]);
  });

  it('races knowledge base saves too: parents form one chain', async () => {
    const coachId = await newCoach('IT Versions KB Race');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        appendVersion(service(), COACH_KNOWLEDGE_BASE, { coach_id: coachId }, { content: `Knowledge ${i}.`, title: null, notes: null }, adminId),
      ),
    );
    const byVersion = new Map(results.map((r) => [r.version, r]));
    expect([...byVersion.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let v = 2; v <= 8; v++) expect(byVersion.get(v)?.parentVersionId).toBe(byVersion.get(v - 1)?.id);
    const rows = await sql<{ version: number; is_active: boolean }>(
      backend,
      'select version, is_active from coach_knowledge_base where coach_id = $1 order by version',
      [coachId],
    );
    expectInvariant(rows);
  });

  it('refuses an unknown family, unknown columns and calls from non-admins', async () => {
    const db = service();
    const unknown = await db.rpc('admin_append_version', { p_family: 'profiles', p_key: {}, p_fields: {} });
    expect(unknown.error?.message).toMatch(/Unknown version family/);
    const coachId = await newCoach('IT Versions Guard');
    const badField = await db.rpc('admin_append_version', {
      p_family: 'coach_prompts',
      p_key: { coach_id: coachId, prompt_type: 'system' },
      p_fields: { prompt_content: 'x', is_active: false },
    });
    expect(badField.error?.message).toMatch(/may set only/);
    const badKey = await db.rpc('admin_append_version', { p_family: 'coach_prompts', p_key: { coach_id: coachId }, p_fields: { prompt_content: 'x' } });
    expect(badKey.error?.message).toMatch(/must name exactly/);
    const anon = client(backend.anonKey);
    const denied = await anon.rpc('admin_append_version', {
      p_family: 'coach_prompts',
      p_key: { coach_id: coachId, prompt_type: 'system' },
      p_fields: { prompt_content: 'x' },
    });
    expect(denied.error).not.toBeNull();
    const member = client(backend.anonKey);
    await member.auth.signInWithPassword({ email: 'member@reflect.local', password: 'reflect-demo' });
    const memberCall = await member.rpc('admin_append_version', {
      p_family: 'coach_prompts',
      p_key: { coach_id: coachId, prompt_type: 'system' },
      p_fields: { prompt_content: 'x' },
    });
    expect(memberCall.error?.message).toMatch(/Admin access required/);
    expect(await promptRows(coachId)).toEqual([]);
  });

  it('names the missing SQL function when a project lacks it (a hosted project without migration 0040)', async () => {
    const coachId = await newCoach('IT Versions Missing');
    const reload = () => sql(backend, "notify pgrst, 'reload schema'");
    const probe = async () => (await service().rpc('admin_append_version', { p_family: 'nope', p_key: {}, p_fields: {} })).error?.code;
    const waitFor = async (want: (code: string | undefined) => boolean) => {
      for (let i = 0; i < 100 && !want(await probe()); i++) await new Promise((r) => setTimeout(r, 100));
    };
    await sql(backend, 'alter function public.admin_append_version(text, jsonb, jsonb, uuid) rename to admin_append_version_hidden');
    try {
      await reload();
      await waitFor((code) => code === 'PGRST202');
      const r = await save(coachId, 'Cannot be saved without the function.');
      expect(r).toEqual({ ok: false, code: 'NOT_CONFIGURED', message: MISSING_FUNCTION_MESSAGE });
      expect(MISSING_FUNCTION_MESSAGE).toContain('public.admin_append_version');
    } finally {
      await sql(backend, 'alter function public.admin_append_version_hidden(text, jsonb, jsonb, uuid) rename to admin_append_version');
      await reload();
      await waitFor((code) => code !== 'PGRST202');
    }
    expect(await promptRows(coachId)).toEqual([]);
    expect(await save(coachId, 'Saved once the function is back.')).toMatchObject({ ok: true, data: { version: 1 } });
  });
});
