import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { createLink, deleteLink, getLink, listLinks, updateLink } from '../../services/marketing/links.js';

export function marketingHandlers(s: AppServices): Handlers['marketing'] {
  const db = async () => (await s.connections.current()).service;
  return {
    list: async () => listLinks(await db()),
    get: async ({ id }) => getLink(await db(), id),
    create: async ({ link }, ctx) => createLink(await db(), link, ctx.user.id),
    update: async ({ id, link }) => updateLink(await db(), id, link),
    delete: async ({ id }) => deleteLink(await db(), id),
  };
}
