import { z } from 'zod';
import { op } from '../define.js';
import { auditNone, auditRows } from '../facts.js';
import type { VersionItem } from '../../rules/versions/types.js';
import type { Conversation, ConversationPage, InternalKnowledge, PromptHistory } from '../../rules/prompts/types.js';
import { CONVERSATION_PERIODS } from '../../rules/prompts/conversations.js';
import { FAMILY_SPECS, MIRROR_TYPES, type ParamsSpec } from '../../rules/prompts/families.js';
import { MIRROR_MESSAGES } from '../../rules/prompts/messages.js';
import { VARIETY_PROMPT_BLANK } from '../../rules/prompts/versions.js';
import { snap } from '../../rules/versions/params.js';
import { id, optionalText } from '../../rules/common/fields.js';

/**
 * The versioned prompt families (spec 2: coach prompts and knowledge bases, mirror, daily wisdom, entry analysis,
 * block suggestions; spec 3: the public and internal chatbots): one set of operations keyed by the family, whose
 * inputs come from the family descriptions in shared/rules/prompts/families.ts.
 */

const notes = optionalText(2000);
const content = z.string().max(200_000, 'The prompt is at most 200,000 characters');
const knowledgeBase = z.string().max(500_000, 'The knowledge base is at most 500,000 characters');

const varietyPrompts = z
  .array(
    z
      .string()
      .max(2000)
      .refine((v) => v.trim().length > 0, VARIETY_PROMPT_BLANK)
      .transform((v) => v.trim()),
  )
  .max(50);

/** A family's generation parameters: its ranges (snapped to the step), its models, variety fields if it has them. */
function paramsOf(spec: ParamsSpec | null) {
  if (!spec) throw new Error('This family has no generation parameters');
  const r = spec.ranges;
  const base = {
    temperature: z
      .number()
      .min(r.temperature.min)
      .max(r.temperature.max)
      .transform((v) => snap(v, r.temperature)),
    topK: z.number().int().min(r.topK.min).max(r.topK.max),
    topP: z
      .number()
      .min(r.topP.min)
      .max(r.topP.max)
      .transform((v) => snap(v, r.topP)),
    model: z.string().refine((v) => spec.models.includes(v), `Choose one of the models: ${spec.models.join(', ')}`),
  };
  return spec.varietyPrompts
    ? z.strictObject({ ...base, variety_injection: z.boolean(), variety_prompts: varietyPrompts })
    : z.strictObject({ ...base, variety_injection: z.boolean().optional(), variety_prompts: varietyPrompts.optional() });
}

const params = (family: keyof typeof FAMILY_SPECS) => paramsOf(FAMILY_SPECS[family].params);

const coachFamily = z.enum(['coach-prompt', 'coach-knowledge']);
const plainFamily = z.enum(['daily-wisdom', 'entry-analysis', 'block-suggestion', 'public-chatbot', 'internal-chatbot']);
const promptType = z.enum(MIRROR_TYPES, MIRROR_MESSAGES.missingData);

/** Which family, and which partition of its table: a coach, a mirror type, or none. */
const keyed = <S extends z.ZodRawShape>(extra: S) =>
  z.discriminatedUnion('family', [
    z.strictObject({ family: coachFamily, coachId: id, ...extra }),
    z.strictObject({ family: z.literal('mirror'), promptType, ...extra }),
    z.strictObject({ family: plainFamily, ...extra }),
  ]);

const save = z.discriminatedUnion('family', [
  z.strictObject({ family: z.literal('coach-prompt'), coachId: id, content, params: params('coach-prompt'), notes }),
  z.strictObject({ family: z.literal('coach-knowledge'), coachId: id, title: optionalText(300), content: knowledgeBase, notes }),
  z.strictObject({ family: z.literal('mirror'), promptType, content, params: params('mirror'), notes }),
  z.strictObject({ family: z.literal('daily-wisdom'), content, params: params('daily-wisdom'), notes }),
  z.strictObject({ family: z.literal('entry-analysis'), content, params: params('entry-analysis'), notes }),
  z.strictObject({ family: z.literal('block-suggestion'), content, params: params('block-suggestion'), notes }),
  z.strictObject({ family: z.literal('public-chatbot'), content, knowledgeBase, params: params('public-chatbot'), notes }),
  z.strictObject({ family: z.literal('internal-chatbot'), title: optionalText(300), content, knowledgeBase, notes }),
]);

const stale = ['prompts.history', 'coaches.get', 'coaches.list', 'dashboard'] as const;

export const prompts = {
  /** A family's versions, newest first (entry analysis by created_at), read in pages. */
  history: op<PromptHistory>()({ input: keyed({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** A new version: non-blank content and a change; highest + 1, active, the previous active one deactivated. */
  save: op<VersionItem>()({
    input: save,
    kind: 'write',
    effect: 'project',
    audit: auditNone('A new version row and the family it belongs to; the input names them.'),
    access: 'admin',
    invalidates: stale,
  }),
  /** A new version with an old version's content, notes 'Rolled back to version N', change_reason rollback. */
  rollback: op<VersionItem>()({
    input: keyed({ versionId: id }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A new version row and the family it belongs to; the input names them.'),
    access: 'admin',
    invalidates: stale,
  }),
  /** Public chatbot: make an older version the active one, every other version inactive. */
  activate: op<VersionItem>()({
    input: z.strictObject({ family: z.literal('public-chatbot'), versionId: id }),
    kind: 'write',
    effect: 'project',
    audit: auditNone('A new version row and the family it belongs to; the input names them.'),
    access: 'admin',
    invalidates: stale,
  }),
  /** The internal chatbot's active knowledge entries joined into markdown. */
  internalKnowledge: op<InternalKnowledge>()({ input: z.strictObject({}), kind: 'read', access: 'admin', keepOffline: true }),
  /** The internal chat history: one page (newest first), exact counts, search by e-mail and a time filter. */
  conversations: op<ConversationPage>()({
    input: z.strictObject({ search: z.string().max(200), period: z.enum(CONVERSATION_PERIODS), page: z.number().int().min(0).max(1_000_000) }),
    kind: 'read',
    access: 'admin',
    keepOffline: true,
  }),
  /** One conversation with its turns and the profile e-mail; null when it is gone. */
  conversation: op<Conversation | null>()({ input: z.strictObject({ id }), kind: 'read', access: 'admin' }),
  deleteConversation: op<{ readonly id: string }>()({
    input: z.strictObject({ id }),
    kind: 'write',
    destructive: true,
    effect: 'project',
    audit: auditRows('internal_chatbot_conversations'),
    access: 'admin',
    invalidates: ['prompts.conversations', 'prompts.conversation'],
  }),
  /** Mirror: version 1, active, of each of brief, detailed and deep, only while no mirror prompt exists. */
  initializeMirror: op<{ readonly created: number }>()({
    input: z.strictObject({}),
    kind: 'write',
    effect: 'project',
    audit: auditNone('Creates the missing mirror prompts; the answer counts them.'),
    access: 'admin',
    invalidates: stale,
  }),
};
