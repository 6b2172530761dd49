import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { OPERATIONS } from '../../shared/contract/index.js';
import type { AuditEntry, AuditPage } from '../../shared/contract/areas/audit.js';
import { bootTestApp, ADMIN_EMAIL, sql, type TestApp } from '../support/booted.js';

/**
 * Every destructive write of the contract keeps the before-state of what it removes in the audit log (issue 25):
 * each is performed through main's router on rows made for it, and its entry must hold those rows as they were.
 * The cases are keyed by operation and the list is read from the contract, so a new destructive write without a
 * case here fails the first test.
 */
const backend = sharedBackend();
const MARK = `it-destructive-${crypto.randomUUID().slice(0, 8)}`;

/** A row inserted for a case; its id. */
const insert = async (text: string, params: unknown[] = []) => (await sql<{ id: string }>(backend, `${text} returning id::text`, params))[0]!.id;

interface Case {
  /** Makes what the operation removes; returns its input and what the before-state must contain. */
  arrange(ctx: { adminId: string }): Promise<{ input: Record<string, unknown>; before: unknown; targetTable: string }>;
}

const one = (row: Record<string, unknown>) => expect.objectContaining(row);
const within = (row: Record<string, unknown>) => expect.arrayContaining([expect.objectContaining(row)]);

const CASES: Record<string, Case> = {
  'users.deleteUser': {
    async arrange() {
      const email = `${MARK}-user@fixture.test`;
      const id = await insert(`insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, 'x', now())`, [email]);
      return { input: { targetUserId: id, reason: 'Requested by the user', confirmEmail: email }, before: one({ id, email }), targetTable: 'profiles' };
    },
  },
  'coaches.removeAvatar': {
    async arrange() {
      const avatar = `https://example.com/${MARK}.jpg`;
      const id = await insert('insert into coaches (name, avatar_url) values ($1, $2)', [`${MARK} coach`, avatar]);
      return { input: { coachId: id }, before: one({ id, avatar_url: avatar }), targetTable: 'coaches' };
    },
  },
  'coaches.deleteInquiry': {
    async arrange() {
      const id = await insert('insert into coach_inquiries (full_name, email) values ($1, $2)', [`${MARK} inquirer`, 'inquirer@example.com']);
      return { input: { id }, before: one({ id, full_name: `${MARK} inquirer` }), targetTable: 'coach_inquiries' };
    },
  },
  'email.deleteTemplate': {
    async arrange() {
      const id = await insert('insert into email_templates (template_name, subject_template) values ($1, $2)', [`${MARK} template`, 'Subject']);
      return { input: { id }, before: one({ id, template_name: `${MARK} template` }), targetTable: 'email_templates' };
    },
  },
  'email.deleteTrigger': {
    async arrange() {
      const id = await insert('insert into email_triggers (trigger_name) values ($1)', [`${MARK} trigger`]);
      return { input: { id }, before: one({ id, trigger_name: `${MARK} trigger` }), targetTable: 'email_triggers' };
    },
  },
  'email.clearQueueItem': {
    async arrange() {
      const id = await insert("insert into email_notification_queue (notification_type, status) values ($1, 'failed')", [`${MARK}-type`]);
      return { input: { id }, before: one({ id, notification_type: `${MARK}-type`, status: 'failed' }), targetTable: 'email_notification_queue' };
    },
  },
  'wisdom.delete': {
    async arrange() {
      const id = await insert("insert into wisdom_sources (name, category) values ($1, 'author')", [`${MARK} source`]);
      return { input: { id }, before: one({ id, name: `${MARK} source` }), targetTable: 'wisdom_sources' };
    },
  },
  'products.delete': {
    async arrange() {
      const id = await insert("insert into partner_products (name, company_name, affiliate_link, category) values ($1, 'c', 'https://example.com', 'book')", [
        `${MARK} product`,
      ]);
      return { input: { id }, before: one({ id, name: `${MARK} product` }), targetTable: 'partner_products' };
    },
  },
  'feedback.softDelete': {
    async arrange() {
      const id = await insert("insert into feedback_submissions (type, title, status) values ('general', $1, 'new')", [`${MARK} feedback`]);
      return { input: { id }, before: one({ id, title: `${MARK} feedback`, status: 'new' }), targetTable: 'feedback_submissions' };
    },
  },
  'feedback.deleteForever': {
    async arrange() {
      const id = await insert("insert into feedback_submissions (type, title, status) values ('general', $1, 'deleted')", [`${MARK} trashed`]);
      return { input: { ids: [id] }, before: within({ id, title: `${MARK} trashed` }), targetTable: 'feedback_submissions' };
    },
  },
  'banners.delete': {
    async arrange() {
      const id = await insert("insert into system_banners (title, message, category) values ($1, 'm', 'info')", [`${MARK} banner`]);
      return { input: { id }, before: one({ id, title: `${MARK} banner` }), targetTable: 'system_banners' };
    },
  },
  'inquiries.delete': {
    async arrange() {
      const id = await insert("insert into contact_inquiries (name, email, message) values ($1, 'contact@example.com', 'Hello')", [`${MARK} contact`]);
      return { input: { id }, before: one({ id, name: `${MARK} contact` }), targetTable: 'contact_inquiries' };
    },
  },
  'prompts.deleteConversation': {
    async arrange({ adminId }) {
      const messages = JSON.stringify([{ role: 'user', content: `${MARK} question` }]);
      const id = await insert('insert into internal_chatbot_conversations (session_id, user_id, messages) values ($1, $2, $3::jsonb)', [
        `${MARK}-session`,
        adminId,
        messages,
      ]);
      return {
        input: { id },
        before: one({ id, session_id: `${MARK}-session`, messages: [{ role: 'user', content: `${MARK} question` }] }),
        targetTable: 'internal_chatbot_conversations',
      };
    },
  },
  'ttsLibrary.delete': {
    async arrange({ adminId }) {
      const id = await insert('insert into tts_generated_audio (user_id, filename, file_size) values ($1, $2, 10)', [adminId, `${MARK}-saved`]);
      return { input: { id }, before: one({ id, filename: `${MARK}-saved` }), targetTable: 'tts_generated_audio' };
    },
  },
  'ttsLibrary.cleanUpFailed': {
    async arrange({ adminId }) {
      const id = await insert('insert into tts_generated_audio (user_id, filename, file_size) values ($1, $2, null)', [adminId, `${MARK}-failed`]);
      return { input: {}, before: within({ id, filename: `${MARK}-failed`, file_size: null }), targetTable: 'tts_generated_audio' };
    },
  },
  'marketing.delete': {
    async arrange() {
      const id = await insert('insert into marketing_links (campaign_name, slug) values ($1, $2)', [`${MARK} link`, `${MARK}-link`]);
      return { input: { id }, before: one({ id, slug: `${MARK}-link` }), targetTable: 'marketing_links' };
    },
  },
};

const destructive = OPERATIONS.filter((o) => o.spec.destructive === true).map((o) => o.name);

describe('every destructive write records the before-state of what it removes', () => {
  let app: TestApp;
  let adminId: string;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    adminId = (await sql<{ id: string }>(backend, 'select id::text from auth.users where email = $1', [ADMIN_EMAIL]))[0]!.id;
  });
  afterAll(async () => {
    // Whatever a failing case left behind.
    await sql(backend, 'delete from auth.users where email like $1', [`${MARK}%`]);
    await sql(backend, 'delete from tts_generated_audio where filename like $1', [`${MARK}%`]);
    await sql(backend, 'delete from coaches where name like $1', [`${MARK}%`]);
    await app?.close();
  });

  it('has a case for every destructive write of the contract', () => {
    expect(destructive.length).toBeGreaterThanOrEqual(16);
    expect(destructive.filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !destructive.includes(name))).toEqual([]);
  });

  it.each(destructive)('%s', async (name) => {
    const c = CASES[name];
    if (!c) throw new Error(`No case for the destructive write ${name}: add one to CASES.`);
    const { input, before, targetTable } = await c.arrange({ adminId });
    await app.data(name, input);
    const page = await app.data<AuditPage>('audit.list', { filters: { operation: name } });
    const entry = await app.data<AuditEntry>('audit.get', { id: page.items[0]!.id });
    expect(entry).toMatchObject({ operation: name, outcome: 'ok', targetTable, adminId });
    expect(entry.input).toMatchObject(input);
    expect(entry.before).toEqual(before);
  });
});
