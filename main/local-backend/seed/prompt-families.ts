import type pg from 'pg';
import {
  BLOCK_SUGGESTION_VERSIONS,
  DAILY_WISDOM_VERSIONS,
  ENTRY_ANALYSIS_VERSIONS,
  INTERNAL_CHATBOT_VERSIONS,
  INTERNAL_KNOWLEDGE,
  PARAMS,
  PUBLIC_CHATBOT_VERSIONS,
  mirrorVersions,
  type PromptVersion,
} from './catalog/prompts.js';
import { daysBefore, type Rng } from './random.js';
import { insertRows, type Row } from './sql.js';

/** Version rows of one family: spaced over the last year, the newest active, older ones created by the admin. */
function versions(rng: Rng, now: Date, adminId: string, list: readonly PromptVersion[], params: object, extra: (v: number) => Row = () => ({})): Row[] {
  return list.map((p, i) => {
    const at = daysBefore(now, (list.length - i) * 70 - rng.int(0, 20));
    return {
      id: rng.uuid(),
      prompt_content: p.content,
      version: i + 1,
      is_active: i === list.length - 1,
      created_by: i === 0 ? null : adminId,
      notes: p.notes,
      generation_params: params,
      change_reason: p.changeReason ?? (i === 0 ? null : 'improvement'),
      usage_count: i === list.length - 1 ? rng.int(200, 5000) : rng.int(50, 3000),
      created_at: at,
      updated_at: at,
      ...extra(i + 1),
    };
  });
}

export async function insertPromptFamilies(client: pg.PoolClient, rng: Rng, now: Date, adminId: string): Promise<void> {
  const mirror: Row[] = [];
  for (const type of ['brief', 'detailed', 'deep'] as const) {
    mirror.push(...versions(rng, now, adminId, mirrorVersions(type), PARAMS.mirror, () => ({ prompt_type: type })));
  }
  await insertRows(client, 'public.mirror_prompts', mirror);
  await insertRows(client, 'public.daily_wisdom_prompts', versions(rng, now, adminId, DAILY_WISDOM_VERSIONS, PARAMS.dailyWisdom));
  await insertRows(client, 'public.entry_analysis_prompts', versions(rng, now, adminId, ENTRY_ANALYSIS_VERSIONS, PARAMS.entryAnalysis));
  await insertRows(client, 'public.block_suggestion_prompts', versions(rng, now, adminId, BLOCK_SUGGESTION_VERSIONS, PARAMS.blockSuggestion));
  await insertRows(
    client,
    'public.public_chatbot_prompts',
    versions(rng, now, adminId, PUBLIC_CHATBOT_VERSIONS, PARAMS.publicChatbot, (v) => ({ knowledge_base: PUBLIC_CHATBOT_VERSIONS[v - 1]!.knowledge })),
  );
  await insertRows(
    client,
    'public.internal_chatbot_prompts',
    INTERNAL_CHATBOT_VERSIONS.map((p, i) => {
      const at = daysBefore(now, (INTERNAL_CHATBOT_VERSIONS.length - i) * 45);
      return {
        id: rng.uuid(),
        version: i + 1,
        title: p.title,
        prompt_content: p.content,
        knowledge_base: p.knowledge,
        is_active: i === INTERNAL_CHATBOT_VERSIONS.length - 1,
        created_by: adminId,
        notes: p.notes,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  let order = 0;
  let lastCategory = '';
  await insertRows(
    client,
    'public.internal_chatbot_knowledge',
    INTERNAL_KNOWLEDGE.map((k, i) => {
      order = k.category === lastCategory ? order + 1 : 1;
      lastCategory = k.category;
      const at = daysBefore(now, 200 - i * 10);
      return {
        id: rng.uuid(),
        category: k.category,
        title: k.title,
        content: k.content,
        order_index: order,
        is_active: i !== 4,
        created_at: at,
        updated_at: at,
      };
    }),
  );
}

const QUESTIONS = [
  ['How do I roll back a coach prompt?', 'Open Coach Management, choose History on the coach, then Rollback on the version you want.'],
  ['Where do I see deleted feedback?', 'Go to /admin/feedback/deleted. You can restore items or delete them for good.'],
  ['How are affiliate commissions counted?', 'Pending and approved count as pending commissions; paid ones are shown separately.'],
  ['Can I change the demo password?', 'Yes: the demo password card at the bottom of the dashboard. At least 6 characters.'],
  ['Why does a coach say No Prompt?', 'It is active but has no active system prompt. Save one on its edit screen.'],
] as const;

/** Conversations with the internal help chatbot, by the demo admin and a few other accounts. */
export async function insertInternalConversations(client: pg.PoolClient, rng: Rng, now: Date, userIds: readonly string[]): Promise<number> {
  const rows: Row[] = [];
  for (let i = 0; i < 18; i++) {
    const start = daysBefore(now, i < 4 ? rng.next() * 0.9 : i < 9 ? 1 + rng.next() * 6 : 7 + rng.next() * 80);
    const turns = rng.sample(QUESTIONS, rng.int(1, 3));
    const messages = turns.flatMap(([q, a], t) => [
      { role: 'user', content: q, timestamp: new Date(start.getTime() + t * 120_000).toISOString() },
      { role: 'assistant', content: a, timestamp: new Date(start.getTime() + t * 120_000 + 4000).toISOString() },
    ]);
    rows.push({
      id: rng.uuid(),
      session_id: `session-${rng.hex(12)}`,
      user_id: i % 3 === 2 && userIds.length > 1 ? rng.pick(userIds.slice(1)) : userIds[0],
      messages: JSON.stringify(messages),
      created_at: start,
      updated_at: new Date(start.getTime() + turns.length * 120_000),
    });
  }
  await insertRows(client, 'public.internal_chatbot_conversations', rows);
  return rows.length;
}
