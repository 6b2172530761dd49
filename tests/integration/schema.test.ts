import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type LocalBackend } from '../../main/local-backend/stack.js';
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from '../../main/local-backend/seed/index.js';
import { backendTempDir, removeBackendTempDir } from '../support/temp-dir.js';

/** Every table the spec's screens read or write (spec 1-3 sections 3 and 7, plus attribution and the deletion audit). */
const TABLES = [
  'profiles',
  'blocks',
  'goals',
  'challenges',
  'meditation_sessions',
  'saved_reflections',
  'coaches',
  'coach_prompts',
  'coach_knowledge_base',
  'coach_interactions',
  'coach_panel_interactions',
  'coach_requests',
  'coach_inquiries',
  'feedback_submissions',
  'chat_messages',
  'admin_settings',
  'subscription_plans',
  'user_subscriptions',
  'user_engagement_metrics',
  'system_banners',
  'partner_products',
  'contact_inquiries',
  'wisdom_sources',
  'mirror_prompts',
  'daily_wisdom_prompts',
  'entry_analysis_prompts',
  'block_suggestion_prompts',
  'admin_users',
  'admin_notification_preferences',
  'admin_notification_logs',
  'user_segments',
  'email_templates',
  'email_triggers',
  'email_campaigns',
  'email_notification_queue',
  'user_feature_flags',
  'privacy_document_versions',
  'import_jobs',
  'marketing_links',
  'affiliate_revenue',
  'api_usage_logs',
  'public_chatbot_prompts',
  'internal_chatbot_prompts',
  'internal_chatbot_knowledge',
  'internal_chatbot_conversations',
  'tts_generated_audio',
  'user_roles',
  'user_marketing_attribution',
  'marketing_link_visits',
  'admin_user_deletions',
];

let backend: LocalBackend;
let db: pg.Pool;
let dataDir: string;
let adminId: string;
let memberId: string;

function client(key: string): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
  });
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const c = client(backend.anonKey);
  const { error } = await c.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return c;
}

/** Runs statements in a transaction that is always rolled back; returns the SQLSTATE of the failure, if any. */
async function failureOf(sql: string, params: unknown[] = []): Promise<string | undefined> {
  const c = await db.connect();
  try {
    await c.query('begin');
    await c.query(sql, params);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  } finally {
    await c.query('rollback');
    c.release();
  }
}

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await db.query(sql, params)).rows[0] as T;
}

beforeAll(async () => {
  dataDir = backendTempDir('reflect-schema-');
  backend = await startLocalBackend({ dataDir, fresh: true });
  db = new pg.Pool({ connectionString: backend.databaseUrl, max: 4 });
  db.on('error', () => undefined);
  adminId = (await one<{ id: string }>('select id from auth.users where email = $1', [DEMO_ADMIN_EMAIL])).id;
  memberId = (await one<{ id: string }>('select id from auth.users where email = $1', [DEMO_MEMBER_EMAIL])).id;
});

afterAll(async () => {
  await db?.end();
  await backend?.stop();
  removeBackendTempDir(dataDir);
});

describe('tables and row-level security', () => {
  it('has every listed table, each with row-level security enabled', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const byName = new Map(rows.map((r) => [r.relname, r.relrowsecurity]));
    expect(TABLES.filter((t) => !byName.has(t))).toEqual([]);
    expect(rows.filter((r) => !r.relrowsecurity).map((r) => r.relname)).toEqual([]);
  });

  it('creates the storage buckets with their limits', async () => {
    const { rows } = await db.query('select id, public, file_size_limit::int as size from storage.buckets order by id');
    expect(rows).toEqual([
      { id: 'coach-avatars', public: true, size: 5242880 },
      { id: 'company-logos', public: true, size: 5242880 },
      { id: 'product-images', public: true, size: 5242880 },
      { id: 'tts-audio', public: false, size: 52428800 },
    ]);
  });
});

describe('constraints', () => {
  it('rejects values outside each enumeration', async () => {
    const u = memberId;
    const bad: [string, unknown[]][] = [
      [`insert into feedback_submissions (title, status) values ('t', 'archived')`, []],
      [`insert into feedback_submissions (title, type) values ('t', 'question')`, []],
      [`insert into coach_inquiries (full_name, email, status) values ('a', 'a@b.c', 'in_progress')`, []],
      [`insert into user_subscriptions (user_id, status) values ($1, 'paused')`, [u]],
      [`insert into user_engagement_metrics (user_id, growth_phase) values ($1, 'expert')`, [u]],
      [`update user_engagement_metrics set engagement_score = 100.5 where user_id = $1`, [u]],
      [`insert into system_banners (title, message, category) values ('t', 'm', 'notice')`, []],
      [`insert into system_banners (title, message, target_audience) values ('t', 'm', 'everyone')`, []],
      [`insert into partner_products (name, company_name, affiliate_link, category) values ('n', 'c', 'l', 'food')`, []],
      [`insert into coaches (name, subscription_tier) values ('x', 'gold')`, []],
      [`insert into coaches (name, coach_type) values ('x', 'external')`, []],
      [`insert into coaches (name, category) values ('x', 'sports')`, []],
      [`insert into mirror_prompts (prompt_type, prompt_content, version) values ('short', 'p', 99)`, []],
      [`insert into wisdom_sources (name, category) values ('n', 'poet')`, []],
      [`insert into wisdom_sources (name, category, expertise_areas) values ('n', 'author', '{juggling}')`, []],
      [`insert into admin_users (email, full_name) values ('Upper@Example.com', 'x')`, []],
      [`insert into admin_users (email, full_name, role) values ('x@example.com', 'x', 'owner')`, []],
      [`insert into email_templates (template_name, subject_template, template_type) values ('n', 's', 'newsletter')`, []],
      [`insert into email_templates (template_name, subject_template, approval_status) values ('n', 's', 'live')`, []],
      [`insert into email_triggers (trigger_name, trigger_type) values ('n', 'random')`, []],
      [`insert into email_campaigns (campaign_name, campaign_type) values ('n', 'blast')`, []],
      [`insert into email_notification_queue (notification_type, status) values ('x', 'queued')`, []],
      [`insert into admin_notification_logs (notification_type, delivery_status) values ('x', 'bounced')`, []],
      [`insert into user_feature_flags (user_id, feature_key) values ($1, 'dark_mode')`, [u]],
      [`insert into import_jobs (filename, status) values ('f', 'queued')`, []],
      [`insert into marketing_links (campaign_name, slug) values ('n', 'Bad Slug')`, []],
      [`insert into marketing_links (campaign_name, slug, status) values ('n', 'ok-slug', 'live')`, []],
      [`insert into marketing_links (campaign_name, slug, campaign_type) values ('n', 'ok-slug', 'radio')`, []],
      [`insert into marketing_links (campaign_name, slug, affiliate_commission_percentage) values ('n', 'ok-slug', 101)`, []],
      [`insert into affiliate_revenue (marketing_link_id, payment_amount, commission_status) select id, 1, 'due' from marketing_links limit 1`, []],
      [`insert into affiliate_revenue (marketing_link_id, payment_amount, revenue_type) select id, 1, 'bonus' from marketing_links limit 1`, []],
      [`insert into meditation_sessions (user_id, brainwave_type, duration_minutes) values ($1, 'omega', 10)`, [u]],
      [`insert into tts_generated_audio (user_id, filename, voice_used) values ($1, 'f', 'Bob')`, [u]],
      [`insert into user_roles (user_id, role) values ($1, 'owner')`, [u]],
      [`insert into chat_messages (user_id, role, content) values ($1, 'system', 'x')`, [u]],
      [`insert into privacy_document_versions (document_type, version, content) values ('terms', 9, 'x')`, []],
      [`insert into admin_notification_preferences (admin_user_id, notification_type) select id, 'weekly_digest' from admin_users limit 1`, []],
    ];
    const accepted: string[] = [];
    for (const [sql, params] of bad) {
      if ((await failureOf(sql, params)) !== '23514') accepted.push(sql);
    }
    expect(accepted).toEqual([]);
  });

  it('allows at most one active version per prompt family', async () => {
    const coach = await one<{ coach_id: string }>('select coach_id from coach_prompts where is_active limit 1');
    expect(await failureOf(`insert into coach_prompts (coach_id, prompt_content, version, is_active) values ($1, 'p', 99, true)`, [coach.coach_id])).toBe(
      '23505',
    );
    expect(
      await failureOf(`insert into coach_prompts (coach_id, prompt_content, version, is_active) values ($1, 'p', 99, false)`, [coach.coach_id]),
    ).toBeUndefined();
    expect(await failureOf(`insert into coach_knowledge_base (coach_id, content, version, is_active) values ($1, 'k', 99, true)`, [coach.coach_id])).toBe(
      '23505',
    );
    expect(await failureOf(`insert into mirror_prompts (prompt_type, prompt_content, version, is_active) values ('deep', 'p', 99, true)`)).toBe('23505');
    for (const t of ['daily_wisdom_prompts', 'entry_analysis_prompts', 'block_suggestion_prompts', 'public_chatbot_prompts', 'internal_chatbot_prompts']) {
      expect(await failureOf(`insert into ${t} (prompt_content, version, is_active) values ('p', 99, true)`), t).toBe('23505');
    }
    expect(await failureOf(`insert into privacy_document_versions (version, content, is_active) values (99, 'x', true)`)).toBe('23505');
    // Switching the active row (deactivate, then insert) works; a duplicate version number never does.
    expect(
      await failureOf(`update mirror_prompts set is_active = false where prompt_type = 'deep';
      insert into mirror_prompts (prompt_type, prompt_content, version, is_active) values ('deep', 'p', 99, true)`),
    ).toBeUndefined();
    expect(await failureOf(`insert into daily_wisdom_prompts (prompt_content, version) values ('p', 1)`)).toBe('23505');
  });

  it('numbers an inserted version when none is given', async () => {
    const c = await db.connect();
    try {
      await c.query('begin');
      const max = (await c.query<{ v: number }>('select max(version) v from internal_chatbot_prompts')).rows[0]!.v;
      const { rows } = await c.query(`insert into internal_chatbot_prompts (prompt_content) values ('new') returning version`);
      expect(rows[0].version).toBe(max + 1);
    } finally {
      await c.query('rollback');
      c.release();
    }
  });

  it('creates a profile from the sign-up metadata and follows e-mail changes', async () => {
    const c = await db.connect();
    try {
      await c.query('begin');
      const { rows } = await c.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data)
        values ('new.person@example.com', 'x', '{"username":"newbie","accepted_terms":"2025-05-01T10:00:00Z","terms_version":"2025-04-01"}')
        returning id`);
      const id = rows[0]!.id;
      const p = (await c.query('select email, username, accepted_terms, terms_version from profiles where id = $1', [id])).rows[0];
      expect(p).toEqual({ email: 'new.person@example.com', username: 'newbie', accepted_terms: new Date('2025-05-01T10:00:00Z'), terms_version: '2025-04-01' });
      await c.query(`update auth.users set email = 'renamed@example.com' where id = $1`, [id]);
      expect((await c.query('select email from profiles where id = $1', [id])).rows[0].email).toBe('renamed@example.com');
      const bad = await c.query<{ id: string }>(`insert into auth.users (email, encrypted_password, raw_user_meta_data)
        values ('odd@example.com', 'x', '{"accepted_terms":true}') returning id`);
      const q = (await c.query('select username, accepted_terms from profiles where id = $1', [bad.rows[0]!.id])).rows[0];
      expect(q).toEqual({ username: 'odd', accepted_terms: null });
    } finally {
      await c.query('rollback');
      c.release();
    }
  });
});

describe('SQL functions', () => {
  it('has_role is true for the demo admin and false for the member', async () => {
    const r = await one(`select public.has_role($1, 'admin') a, public.has_role($2, 'admin') m, public.has_role($2, 'moderator') mm`, [adminId, memberId]);
    expect(r).toEqual({ a: true, m: false, mm: false });
  });

  it('update_product_order renumbers in one call and rejects an unknown id without changing anything', async () => {
    const svc = client(backend.serviceRoleKey);
    const { rows } = await db.query<{ id: string; sort_order: number }>('select id, sort_order from partner_products order by sort_order');
    const reversed = [...rows].reverse().map((r, i) => ({ id: r.id, sort_order: i + 1 }));
    const ok = await svc.rpc('update_product_order', { product_updates: reversed });
    expect(ok.error).toBeNull();
    const after = await db.query<{ id: string }>('select id from partner_products order by sort_order');
    expect(after.rows.map((r) => r.id)).toEqual(reversed.map((r) => r.id));
    const bad = await svc.rpc('update_product_order', {
      product_updates: [
        { id: rows[0]!.id, sort_order: 50 },
        { id: '00000000-0000-4000-8000-000000000000', sort_order: 51 },
      ],
    });
    expect(bad.error?.message).toMatch(/Unknown product id/);
    expect((await one<{ s: number }>('select sort_order s from partner_products where id = $1', [rows[0]!.id])).s).toBe(
      reversed.find((r) => r.id === rows[0]!.id)!.sort_order,
    );
  });

  it('creates and activates privacy document versions, one active at a time', async () => {
    const svc = client(backend.serviceRoleKey);
    const before = await one<{ v: number; active: string }>(
      `select max(version) v, (select id from privacy_document_versions where is_active) active from privacy_document_versions`,
    );
    const created = await svc.rpc('create_privacy_document_version', {
      p_document_type: 'privacy_intentions',
      p_content: '# New text',
      p_change_summary: 'Test version',
      p_change_reason: 'test',
    });
    expect(created.error).toBeNull();
    const row = await one('select version, is_active, activated_at is not null activated from privacy_document_versions where id = $1', [created.data]);
    expect(row).toEqual({ version: before.v + 1, is_active: true, activated: true });
    const old = await one('select is_active, deactivated_at is not null deactivated from privacy_document_versions where id = $1', [before.active]);
    expect(old).toEqual({ is_active: false, deactivated: true });
    expect(
      (
        await svc.rpc('create_privacy_document_version', {
          p_document_type: 'privacy_intentions',
          p_content: 'x',
          p_change_summary: ' ',
          p_change_reason: null,
        })
      ).error,
    ).not.toBeNull();

    const activated = await svc.rpc('activate_privacy_document_version', { p_version_id: before.active });
    expect(activated.error).toBeNull();
    const active = await db.query<{ id: string }>('select id from privacy_document_versions where is_active');
    expect(active.rows.map((r) => r.id)).toEqual([before.active]);
    expect((await one('select deactivated_at is null d from privacy_document_versions where id = $1', [before.active])).d).toBe(true);
    const missing = await svc.rpc('activate_privacy_document_version', { p_version_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.error?.message).toMatch(/not found/);
  });

  it('grants (upserts) and revokes feature flags', async () => {
    const svc = client(backend.serviceRoleKey);
    const g1 = await svc.rpc('grant_feature_flag', { p_user_id: memberId, p_feature_key: 'email_campaigns' });
    expect(g1.error).toBeNull();
    const g2 = await svc.rpc('grant_feature_flag', {
      p_user_id: memberId,
      p_feature_key: 'email_campaigns',
      p_notes: 'beta',
      p_expires_at: '2030-01-01T00:00:00Z',
    });
    expect(g2.data).toBe(g1.data);
    expect(await one('select enabled, notes, expires_at from user_feature_flags where id = $1', [g1.data])).toEqual({
      enabled: true,
      notes: 'beta',
      expires_at: new Date('2030-01-01T00:00:00Z'),
    });
    expect((await svc.rpc('revoke_feature_flag', { p_user_id: memberId, p_feature_key: 'email_campaigns' })).data).toBe(true);
    expect((await svc.rpc('revoke_feature_flag', { p_user_id: memberId, p_feature_key: 'email_campaigns' })).data).toBe(false);
    expect((await one('select enabled from user_feature_flags where id = $1', [g1.data])).enabled).toBe(false);
    expect((await svc.rpc('grant_feature_flag', { p_user_id: memberId, p_feature_key: 'dark_mode' })).error).not.toBeNull();
  });
});

describe('policies seen through PostgREST', () => {
  it('shows the member only their own rows and nothing of the admin tables', async () => {
    const member = await signedIn(DEMO_MEMBER_EMAIL);
    const own = await member.from('blocks').select('user_id').limit(1000);
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
    expect(new Set(own.data!.map((r) => r.user_id))).toEqual(new Set([memberId]));
    expect((await member.from('blocks').select('id').eq('user_id', adminId)).data).toEqual([]);
    for (const t of [
      'admin_users',
      'admin_notification_logs',
      'user_roles',
      'import_jobs',
      'email_templates',
      'coach_inquiries',
      'contact_inquiries',
      'api_usage_logs',
      'marketing_links',
    ]) {
      const r = await member.from(t).select('*').limit(5);
      expect(r.error, t).toBeNull();
      expect(r.data, t).toEqual([]);
    }
    expect((await member.from('admin_settings').select('key')).data!.every((r) => r.key === 'privacy_intentions')).toBe(true);
    const rpc = await member.rpc('grant_feature_flag', { p_user_id: memberId, p_feature_key: 'email_engagement' });
    expect(rpc.error?.message).toMatch(/Admin access required/);
    await member.auth.signOut();
  });

  it('lets the admin read everything', async () => {
    const admin = await signedIn(DEMO_ADMIN_EMAIL);
    const others = await admin.from('blocks').select('id').eq('user_id', memberId);
    expect(others.data!.length).toBeGreaterThan(0);
    const admins = await admin.from('admin_users').select('email, role');
    expect(admins.data).toContainEqual({ email: DEMO_ADMIN_EMAIL, role: 'super_admin' });
    await admin.auth.signOut();
  });

  it('shows anonymous visitors only what the public pages need', async () => {
    const anon = client(backend.anonKey);
    expect((await anon.from('blocks').select('id').limit(1)).data).toEqual([]);
    expect((await anon.from('profiles').select('id').limit(1)).data).toEqual([]);
    expect((await anon.from('privacy_document_versions').select('version, is_active')).data).toHaveLength(1);
    const banners = await anon.from('system_banners').select('active, start_date, end_date');
    const now = Date.now();
    expect(banners.data!.length).toBeGreaterThan(0);
    for (const b of banners.data!) {
      expect(b.active).toBe(true);
      if (b.start_date) expect(new Date(b.start_date).getTime()).toBeLessThanOrEqual(now);
      if (b.end_date) expect(new Date(b.end_date).getTime()).toBeGreaterThanOrEqual(now);
    }
    expect((await anon.from('contact_inquiries').insert({ name: 'Visitor', email: 'v@example.com', message: 'Hello' })).error).toBeNull();
  });
});
