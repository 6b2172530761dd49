import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { VersionItem } from '../../shared/rules/versions/types.js';
import type { PromptHistory } from '../../shared/rules/prompts/types.js';
import { FAMILY_SPECS, type PromptFamilyId } from '../../shared/rules/prompts/families.js';
import { callThroughFault } from '../support/faults/through.js';

/**
 * Issue 11: every prompt family beyond the coaches' (mirror per type, daily wisdom, entry analysis, block
 * suggestions, public and internal chatbots) keeps exactly one active version: saves append highest + 1, active,
 * created_by the admin; rollbacks append; a failed insert changes nothing; concurrent saves from two
 * administrators get consecutive versions with one active. The coach families have the same tests in
 * versions-invariants.test.ts.
 */
const backend = sharedBackend();

interface Case {
  readonly family: Exclude<PromptFamilyId, 'coach-prompt' | 'coach-knowledge'>;
  readonly ref: Record<string, string>;
  readonly table: string;
  readonly where: string;
}

const CASES: readonly Case[] = [
  { family: 'mirror', ref: { family: 'mirror', promptType: 'detailed' }, table: 'mirror_prompts', where: "prompt_type = 'detailed'" },
  { family: 'daily-wisdom', ref: { family: 'daily-wisdom' }, table: 'daily_wisdom_prompts', where: 'true' },
  { family: 'entry-analysis', ref: { family: 'entry-analysis' }, table: 'entry_analysis_prompts', where: 'true' },
  { family: 'block-suggestion', ref: { family: 'block-suggestion' }, table: 'block_suggestion_prompts', where: 'true' },
  { family: 'public-chatbot', ref: { family: 'public-chatbot' }, table: 'public_chatbot_prompts', where: 'true' },
  { family: 'internal-chatbot', ref: { family: 'internal-chatbot' }, table: 'internal_chatbot_prompts', where: 'true' },
];

/** A save input of the family with this content (and its other fields fixed). */
function saveInput(c: Case, content: string, notes: string | null = null): Record<string, unknown> {
  const spec = FAMILY_SPECS[c.family];
  return {
    ...c.ref,
    content,
    notes,
    ...(spec.params ? { params: { ...spec.params.defaults } } : {}),
    ...(spec.hasTitle ? { title: 'Help desk' } : {}),
    ...(spec.hasKnowledgeBase ? { knowledgeBase: 'Knowledge. More knowledge.' } : {}),
  };
}

interface Row {
  id: string;
  version: number;
  is_active: boolean;
  created_by: string | null;
  prompt_content: string;
  notes: string | null;
}

const rowsOf = (c: Case) =>
  sql<Row>(backend, `select id::text, version, is_active, created_by::text, prompt_content, notes from ${c.table} where ${c.where} order by version`);

function expectInvariant(rows: readonly { version: number; is_active: boolean }[]): void {
  const versions = rows.map((r) => r.version);
  expect(versions).toEqual(versions.map((_, i) => i + 1));
  const active = rows.filter((r) => r.is_active);
  expect(active).toHaveLength(1);
}

describe('prompt families against the embedded backend', () => {
  let app: TestApp;
  let other: TestApp;
  let adminId: string;

  beforeAll(async () => {
    app = bootTestApp(backend);
    other = bootTestApp(backend);
    await app.signIn();
    await other.signIn();
    adminId = (await sql<{ id: string }>(backend, "select id::text from auth.users where email = 'admin@reflect.local'"))[0]!.id;
  });
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  for (const c of CASES) {
    const spec = FAMILY_SPECS[c.family];
    describe(c.family, () => {
      it('saves highest + 1, active, by the admin, and refuses blank or unchanged content with the family message', async () => {
        const before = await rowsOf(c);
        const saved = await app.data<VersionItem>('prompts.save', saveInput(c, `A ${c.family} prompt. It has two sentences.`, 'First save'));
        expect(saved).toMatchObject({ version: before.length + 1, isActive: true, createdBy: adminId });
        expect(await app.call('prompts.save', saveInput(c, `A ${c.family} prompt. It has two sentences.`, 'First save'))).toEqual({
          ok: false,
          code: 'PRECONDITION_FAILED',
          message: spec.messages.unchanged,
        });
        expect(await app.call('prompts.save', saveInput(c, '  \n ', 'x'))).toEqual({ ok: false, code: 'PRECONDITION_FAILED', message: spec.messages.blank });
        if (spec.notesAreAChange) {
          // Notes alone are a change for these families.
          expect(await app.call('prompts.save', saveInput(c, `A ${c.family} prompt. It has two sentences.`, 'Other notes'))).toMatchObject({ ok: true });
        }
        const rows = await rowsOf(c);
        expectInvariant(rows);
        expect(rows.at(-1)).toMatchObject({ is_active: true, created_by: adminId });
        const history = await app.data<PromptHistory>('prompts.history', c.ref);
        expect(history.total).toBe(rows.length);
        expect(history.versions.filter((v) => v.isActive)).toHaveLength(1);
        expect(history.versions.length).toBe(spec.historyLimit === null ? rows.length : Math.min(spec.historyLimit, rows.length));
      });

      if (spec.rollback) {
        it('rolls back by appending a copy of the old version, never the current one', async () => {
          const history = await app.data<PromptHistory>('prompts.history', c.ref);
          const current = history.versions.find((v) => v.isActive)!;
          expect(await app.call('prompts.rollback', { ...c.ref, versionId: current.id })).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED' });
          const first = (await rowsOf(c))[0]!;
          const rolled = await app.data<VersionItem>('prompts.rollback', { ...c.ref, versionId: first.id });
          expect(rolled).toMatchObject({
            isActive: true,
            text: first.prompt_content,
            notes: 'Rolled back to version 1',
            changeReason: 'rollback',
            createdBy: adminId,
          });
          const rows = await rowsOf(c);
          expectInvariant(rows);
          expect(rows[0]).toMatchObject({ version: 1, is_active: false, prompt_content: first.prompt_content });
        });
      }

      it('changes nothing when the insert fails after the deactivation', async () => {
        const before = await rowsOf(c);
        const trigger = `it_fail_${c.table}_${Date.now()}`;
        await sql(
          backend,
          `create or replace function public.${trigger}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
        );
        await sql(backend, `create trigger ${trigger} after insert on public.${c.table} for each row execute function public.${trigger}()`);
        try {
          const failed = await app.call('prompts.save', saveInput(c, `Must not appear ${Date.now()}.`));
          expect(failed).toMatchObject({ ok: false, code: 'BACKEND_ERROR' });
          expect(failed.ok === false && failed.message).toContain('injected failure');
          if (spec.rollback) expect(await app.call('prompts.rollback', { ...c.ref, versionId: before[0]!.id })).toMatchObject({ ok: false });
        } finally {
          await sql(backend, `drop trigger if exists ${trigger} on public.${c.table}`);
          await sql(backend, `drop function if exists public.${trigger}()`);
        }
        const after = await rowsOf(c);
        expect(after).toEqual(before);
        expectInvariant(after);
      });

      it('keeps one active version when two administrators save (and roll back) at the same moment', async () => {
        const before = await rowsOf(c);
        const stamp = Date.now();
        const calls = [
          ...Array.from({ length: 5 }, (_, i) => app.call<VersionItem>('prompts.save', saveInput(c, `Race ${stamp} from one, ${i}.`))),
          ...Array.from({ length: 4 }, (_, i) => other.call<VersionItem>('prompts.save', saveInput(c, `Race ${stamp} from two, ${i}.`))),
          ...(spec.rollback ? [other.call<VersionItem>('prompts.rollback', { ...c.ref, versionId: before[0]!.id })] : []),
        ];
        const results = await Promise.all(calls);
        expect(results.every((r) => r.ok)).toBe(true);
        const versions = results.map((r) => (r.ok ? r.data.version : 0)).sort((a, b) => a - b);
        expect(versions).toEqual(versions.map((_, i) => before.length + 1 + i));
        const rows = await rowsOf(c);
        expect(rows).toHaveLength(before.length + calls.length);
        expectInvariant(rows);
      });
    });
  }

  it('mirror: refuses a save without its type with the spec message, and keeps each type apart', async () => {
    const r = await app.call('prompts.save', { family: 'mirror', content: 'x', notes: null, params: FAMILY_SPECS.mirror.params!.defaults });
    expect(r).toMatchObject({ ok: false, code: 'INVALID_INPUT', message: 'Missing required data' });
    const active = await sql<{ prompt_type: string; n: number }>(
      backend,
      'select prompt_type, count(*)::int n from mirror_prompts where is_active group by 1 order by 1',
    );
    expect(active).toEqual([
      { prompt_type: 'brief', n: 1 },
      { prompt_type: 'deep', n: 1 },
      { prompt_type: 'detailed', n: 1 },
    ]);
  });

  it('checks each family its own parameter ranges and models', async () => {
    const daily = FAMILY_SPECS['daily-wisdom'].params!.defaults;
    expect(
      await app.call('prompts.save', { family: 'daily-wisdom', content: `Warm ${Date.now()}.`, notes: null, params: { ...daily, temperature: 2 } }),
    ).toMatchObject({ ok: true });
    expect(await app.call('prompts.save', { family: 'daily-wisdom', content: 'x', notes: null, params: { ...daily, temperature: 2.1 } })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    const block = FAMILY_SPECS['block-suggestion'].params!.defaults;
    expect(
      await app.call('prompts.save', {
        family: 'block-suggestion',
        content: `Preview ${Date.now()}.`,
        notes: null,
        params: { ...block, model: 'gemini-2.5-flash-preview' },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await app.call('prompts.save', { family: 'block-suggestion', content: 'x', notes: null, params: { ...block, model: 'gemini-2.0-flash' } }),
    ).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    // Coach ranges stay the coaches' own (temperature at most 1).
    expect(await app.call('prompts.save', { family: 'daily-wisdom', content: 'x', notes: null, params: { ...daily, topP: 1.05 } })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
  });

  it('entry analysis: the history is ordered by created_at, newest first', async () => {
    const history = await app.data<PromptHistory>('prompts.history', { family: 'entry-analysis' });
    const times = history.versions.map((v) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('public chatbot: Activate makes an older version the only active one, also racing saves', async () => {
    const c = CASES.find((x) => x.family === 'public-chatbot')!;
    const first = (await rowsOf(c))[0]!;
    const activated = await app.data<VersionItem>('prompts.activate', { family: 'public-chatbot', versionId: first.id });
    expect(activated).toMatchObject({ id: first.id, version: 1, isActive: true });
    let rows = await rowsOf(c);
    expect(rows.filter((r) => r.is_active).map((r) => r.version)).toEqual([1]);
    expect(await app.call('prompts.activate', { family: 'public-chatbot', versionId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const stamp = Date.now();
    const second = rows[1]!;
    const results = await Promise.all([
      app.call('prompts.save', saveInput(c, `Activate race ${stamp} a.`)),
      other.call('prompts.activate', { family: 'public-chatbot', versionId: second.id }),
      app.call('prompts.save', saveInput(c, `Activate race ${stamp} b.`)),
      other.call('prompts.activate', { family: 'public-chatbot', versionId: first.id }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    rows = await rowsOf(c);
    expectInvariant(rows);
  });

  it('mirror: Initialize Prompts creates version 1 of each type on an empty table, once', async () => {
    await sql(backend, 'create table public.it_mirror_backup as select * from public.mirror_prompts');
    try {
      await sql(backend, 'delete from public.mirror_prompts');
      const results = await Promise.all([app.call('prompts.initializeMirror', {}), other.call('prompts.initializeMirror', {})]);
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, data: { created: 3 } }]);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED' });
      const rows = await sql<{ prompt_type: string; version: number; is_active: boolean; created_by: string; prompt_content: string }>(
        backend,
        'select prompt_type, version, is_active, created_by::text, prompt_content from mirror_prompts order by prompt_type',
      );
      expect(rows.map((r) => [r.prompt_type, r.version, r.is_active, r.created_by])).toEqual([
        ['brief', 1, true, adminId],
        ['deep', 1, true, adminId],
        ['detailed', 1, true, adminId],
      ]);
      expect(rows.every((r) => /\bWe\b/.test(r.prompt_content))).toBe(true);
    } finally {
      await sql(backend, 'delete from public.mirror_prompts');
      await sql(backend, 'insert into public.mirror_prompts select * from public.it_mirror_backup');
      await sql(backend, 'drop table public.it_mirror_backup');
    }
  });

  it('mirror: Initialize Prompts whose reply was lost is settled: cut before is not saved, cut after is created once (issue 31)', async () => {
    await sql(backend, 'create table public.it_mirror_backup as select * from public.mirror_prompts');
    const path = '/rest/v1/rpc/admin_initialize_versions';
    try {
      await sql(backend, 'delete from public.mirror_prompts');
      const before = await callThroughFault(backend, 'cut-before', path, 'prompts.initializeMirror', {});
      expect(before.result).toMatchObject({ ok: false, code: 'OFFLINE', message: expect.stringMatching(/nothing was saved/i) });
      expect(await sql(backend, 'select 1 from mirror_prompts')).toEqual([]);
      const after = await callThroughFault(backend, 'cut-after', path, 'prompts.initializeMirror', {});
      expect(after.result).toEqual({ ok: true, data: { created: 3 } });
      expect(await sql(backend, 'select prompt_type from mirror_prompts where is_active order by 1')).toEqual([
        { prompt_type: 'brief' },
        { prompt_type: 'deep' },
        { prompt_type: 'detailed' },
      ]);
      // Prompts already there: refused before anything is sent.
      expect(await app.call('prompts.initializeMirror', {})).toMatchObject({ ok: false, code: 'PRECONDITION_FAILED' });
    } finally {
      await sql(backend, 'delete from public.mirror_prompts');
      await sql(backend, 'insert into public.mirror_prompts select * from public.it_mirror_backup');
      await sql(backend, 'drop table public.it_mirror_backup');
    }
  });
});
