import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { DEMO_PROFILE_ID } from '../../../shared/rules/profiles/types.js';
import {
  adminPreferences,
  createAdminUser,
  deliveryOverview,
  emailHealth,
  listAdminUsers,
  saveAdminPreferences,
  sendTestEmail,
  setAdminUserActive,
} from '../../services/email/system.js';
import { listOutbox, readOutboxMessage } from '../../services/email/outbox.js';
import { clearQueueItem, emailSettings, engagementAccess, engagementStats, processQueue, saveEmailSettings } from '../../services/email/engagement.js';
import {
  approveTemplate,
  deleteTemplate,
  deleteTrigger,
  saveTemplate,
  saveTrigger,
  setTemplateActive,
  setTriggerActive,
} from '../../services/email/templates.js';
import { createCampaign, listCampaigns, listSegments, saveSegment, segmentCount } from '../../services/email/campaigns.js';

export function emailHandlers(s: AppServices): Handlers['email'] {
  const conn = () => s.connections.current();
  const db = async () => (await conn()).service;
  // Functions are called with the administrator's own session, as the product's web admin calls them.
  const user = async () => (await conn()).user;
  // The outbox exists only for the embedded demo; main reads its files, the renderer never sees a path.
  const outboxDir = () => (s.registry.activeId() === DEMO_PROFILE_ID ? s.embedded.outboxDir?.() : undefined);
  return {
    health: async () => emailHealth(await db()),
    deliveries: async (filter) => deliveryOverview(await db(), filter),
    adminUsers: async () => listAdminUsers(await db()),
    createAdminUser: async (input) => createAdminUser(await db(), input),
    setAdminUserActive: async ({ id, isActive }) => setAdminUserActive(await db(), id, isActive),
    preferences: async ({ adminUserId }) => adminPreferences(await db(), adminUserId),
    savePreferences: async ({ adminUserId, preferences }) => saveAdminPreferences(await db(), adminUserId, preferences),
    sendTest: async ({ testType, recipientEmail }) => sendTestEmail(await user(), testType, recipientEmail),
    outbox: async () => listOutbox(outboxDir()),
    outboxMessage: async ({ id }) => readOutboxMessage(outboxDir(), id),
    engagementAccess: async (_input, ctx) => engagementAccess(await db(), ctx.user.id),
    engagementStats: async () => engagementStats(await user(), await db()),
    saveTemplate: async (input, ctx) => saveTemplate(await db(), input, ctx.user.id),
    approveTemplate: async ({ id }) => approveTemplate(await db(), id),
    setTemplateActive: async ({ id, isActive }) => setTemplateActive(await db(), id, isActive),
    deleteTemplate: async ({ id }) => deleteTemplate(await db(), id),
    saveTrigger: async (input, ctx) => saveTrigger(await db(), input, ctx.user.id),
    setTriggerActive: async ({ id, isActive }) => setTriggerActive(await db(), id, isActive),
    deleteTrigger: async ({ id }) => deleteTrigger(await db(), id),
    campaigns: async () => listCampaigns(await db()),
    createCampaign: async (input, ctx) => createCampaign(await db(), await user(), input, ctx.user.id),
    segments: async () => listSegments(await db()),
    segmentCount: async ({ filters }) => segmentCount(await user(), filters),
    saveSegment: async (input, ctx) => saveSegment(await db(), input, ctx.user.id),
    clearQueueItem: async ({ id }) => clearQueueItem(await user(), id),
    processQueue: async () => processQueue(await user()),
    settings: async () => emailSettings(await user()),
    saveSettings: async (input) => saveEmailSettings(await user(), await db(), input),
  };
}
