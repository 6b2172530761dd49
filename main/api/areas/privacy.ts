import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { activatePrivacyVersion, createPrivacyVersion, currentPrivacy, privacyHistory } from '../../services/privacy/document.js';

export function privacyHandlers(s: AppServices): Handlers['privacy'] {
  const conn = () => s.connections.current();
  return {
    current: async () => currentPrivacy((await conn()).service),
    history: async () => privacyHistory((await conn()).service),
    createVersion: async (input, ctx) => {
      const c = await conn();
      return createPrivacyVersion(c.user, c.service, input, ctx.user.id);
    },
    activate: async ({ versionId }) => {
      const c = await conn();
      return activatePrivacyVersion(c.user, c.service, versionId);
    },
  };
}
