import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { bootTestApp, sql, type TestApp } from '../support/booted.js';
import type { Conversation, ConversationPage, InternalKnowledge } from '../../shared/rules/prompts/types.js';
import { CONVERSATION_PAGE_SIZE } from '../../shared/rules/prompts/conversations.js';

/** Issue 11: the internal chat history reads pages with exact counts past the 1,000-row cap; view and delete. */
const backend = sharedBackend();

describe('internal chat history and knowledge', () => {
  let app: TestApp;
  const marker = `it-chat-${Date.now()}`;

  beforeAll(async () => {
    app = bootTestApp(backend);
    await app.signIn();
    // 1,200 conversations of the member, half of them 40 days old: more than one PostgREST response holds.
    await sql(
      backend,
      `insert into internal_chatbot_conversations (session_id, user_id, messages, created_at, updated_at)
       select $1 || '-' || g, p.id, jsonb_build_array(jsonb_build_object('role', 'user', 'content', 'Question ' || g), jsonb_build_object('role', 'assistant', 'content', 'Answer ' || g)),
              now() - (case when g % 2 = 0 then interval '40 days' else interval '1 minute' end), now() - (case when g % 2 = 0 then interval '40 days' else interval '1 minute' end)
       from generate_series(1, 1200) g, (select id from profiles where email = 'member@reflect.local') p`,
      [marker],
    );
    // The update trigger must not move updated_at of the old half: it only runs on update.
  });
  afterAll(async () => {
    await sql(backend, 'delete from internal_chatbot_conversations where session_id like $1', [`${marker}-%`]);
    await app?.close();
  });

  it('counts exactly at any size, pages newest first, filters by time and e-mail', async () => {
    const truth = async (where: string) =>
      (await sql<{ n: number }>(backend, `select count(*)::int n from internal_chatbot_conversations where ${where}`))[0]!.n;
    const all = await app.data<ConversationPage>('prompts.conversations', { search: '', period: 'all', page: 0 });
    expect(all.stats.total).toBe(await truth('true'));
    expect(all.stats.total).toBeGreaterThan(1200);
    expect(all.matching).toBe(all.stats.total);
    expect(all.stats.week).toBe(await truth("updated_at >= now() - interval '7 days'"));
    expect(all.rows).toHaveLength(CONVERSATION_PAGE_SIZE);
    const times = all.rows.map((r) => Date.parse(r.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const member = await app.data<ConversationPage>('prompts.conversations', { search: 'member@reflect', period: 'all', page: 0 });
    expect(member.matching).toBe(await truth("user_id = (select id from profiles where email = 'member@reflect.local')"));
    expect(member.rows.every((r) => r.email === 'member@reflect.local')).toBe(true);
    const month = await app.data<ConversationPage>('prompts.conversations', { search: 'member@reflect', period: 'month', page: 0 });
    expect(month.matching).toBe(
      await truth("user_id = (select id from profiles where email = 'member@reflect.local') and updated_at >= now() - interval '30 days'"),
    );
    const last = Math.floor((member.matching - 1) / CONVERSATION_PAGE_SIZE);
    const tail = await app.data<ConversationPage>('prompts.conversations', { search: 'member@reflect', period: 'all', page: last });
    expect(tail.rows.length).toBe(member.matching - last * CONVERSATION_PAGE_SIZE);
    const none = await app.data<ConversationPage>('prompts.conversations', { search: 'nobody-at-all', period: 'all', page: 0 });
    expect(none).toMatchObject({ matching: 0, rows: [] });
  });

  it('shows one conversation with its turns and the e-mail, and deletes it', async () => {
    const page = await app.data<ConversationPage>('prompts.conversations', { search: 'member@reflect', period: 'today', page: 0 });
    const id = page.rows[0]!.id;
    const c = await app.data<Conversation>('prompts.conversation', { id });
    expect(c.email).toBe('member@reflect.local');
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(await app.data('prompts.deleteConversation', { id })).toEqual({ id });
    expect(await app.data('prompts.conversation', { id })).toBeNull();
    expect(await app.call('prompts.deleteConversation', { id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('joins the active internal knowledge into markdown by category then order_index', async () => {
    const k = await app.data<InternalKnowledge>('prompts.internalKnowledge', {});
    const active = await sql<{ category: string; title: string }>(
      backend,
      'select category, title from internal_chatbot_knowledge where is_active order by category, order_index',
    );
    expect(k.entries).toBe(active.length);
    const positions = active.map((a) => k.markdown.indexOf(`### ${a.title}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('refuses the prompts operations to a signed-in user without the admin role', async () => {
    const member = bootTestApp(backend);
    try {
      await member.signIn('member@reflect.local');
      for (const [op, input] of [
        ['prompts.history', { family: 'daily-wisdom' }],
        [
          'prompts.save',
          {
            family: 'daily-wisdom',
            content: 'x',
            notes: null,
            params: { temperature: 0.8, topK: 40, topP: 0.95, model: 'gemini-2.0-flash', variety_injection: false, variety_prompts: [] },
          },
        ],
        ['prompts.conversations', { search: '', period: 'all', page: 0 }],
        ['prompts.initializeMirror', {}],
      ] as const) {
        expect(await member.call(op, input)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      }
    } finally {
      await member.close();
    }
  });
});
