import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { createWisdom, deleteWisdom, listWisdom, setWisdomActive, updateWisdom } from '../../services/wisdom/sources.js';

export function wisdomHandlers(s: AppServices): Handlers['wisdom'] {
  const db = async () => (await s.connections.current()).service;
  return {
    list: async () => listWisdom(await db()),
    create: async (fields) => createWisdom(await db(), fields),
    update: async ({ id, ...fields }) => updateWisdom(await db(), id, fields),
    setActive: async ({ id, isActive }) => setWisdomActive(await db(), id, isActive),
    delete: async ({ id }) => deleteWisdom(await db(), id),
  };
}
