import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { activateFamilyVersion, familyHistory, rollbackFamilyVersion, saveFamilyVersion } from '../../services/prompts/operations.js';
import { initializeMirrorPrompts } from '../../services/prompts/mirror.js';
import { internalKnowledge } from '../../services/prompts/internal-knowledge.js';
import { deleteConversation, listConversations, readConversation } from '../../services/prompts/conversations.js';

export function promptsHandlers(s: AppServices): Handlers['prompts'] {
  const db = async () => (await s.connections.current()).service;
  return {
    history: async (ref) => familyHistory(await db(), ref),
    save: async (input, ctx) => saveFamilyVersion(await db(), input, ctx.user.id),
    rollback: async ({ versionId, ...ref }, ctx) => rollbackFamilyVersion(await db(), ref, versionId, ctx.user.id),
    activate: async ({ versionId, ...ref }) => activateFamilyVersion(await db(), ref, versionId),
    internalKnowledge: async () => internalKnowledge(await db()),
    conversations: async (q) => listConversations(await db(), q),
    conversation: async ({ id }) => readConversation(await db(), id),
    deleteConversation: async ({ id }) => deleteConversation(await db(), id),
    initializeMirror: async (_input, ctx) => initializeMirrorPrompts(await db(), ctx.user.id),
  };
}
