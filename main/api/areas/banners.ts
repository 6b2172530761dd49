import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { createBanner, deleteBanner, getBanner, listBanners, setBannerActive, updateBanner } from '../../services/banners/banners.js';

export function bannersHandlers(s: AppServices): Handlers['banners'] {
  const db = async () => (await s.connections.current()).service;
  return {
    list: async () => listBanners(await db()),
    get: async ({ id }) => getBanner(await db(), id),
    // created_by comes from the server-verified user of this call, never from the input.
    create: async (fields, ctx) => createBanner(await db(), fields, ctx.user.id),
    update: async ({ id, ...fields }) => updateBanner(await db(), id, fields),
    setActive: async ({ id, active }) => setBannerActive(await db(), id, active),
    delete: async ({ id }) => deleteBanner(await db(), id),
  };
}
