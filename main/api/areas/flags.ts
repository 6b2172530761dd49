import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { grantFlag, listOverrides, revokeFlag } from '../../services/flags/overrides.js';

export function flagsHandlers(s: AppServices): Handlers['flags'] {
  const conn = () => s.connections.current();
  return {
    list: async () => listOverrides((await conn()).service),
    grant: async (input) => {
      const c = await conn();
      return grantFlag(c.service, c.user, input);
    },
    revoke: async ({ userId, featureKey }) => {
      const c = await conn();
      return revokeFlag(c.service, c.user, userId, featureKey);
    },
  };
}
