import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../app-services.js';
import { createProfileService } from '../../services/profiles/profile-service.js';

export function profileHandlers(s: AppServices): Handlers['profiles'] {
  const profiles = createProfileService(s);
  return {
    list: async () => profiles.list(),
    save: (input) => profiles.save(input),
    test: (input) => profiles.test(input),
    activate: ({ id }) => profiles.activate(id),
    setSafety: ({ id, ...safety }) => profiles.setSafety(id, safety),
    remove: ({ id }) => profiles.remove(id),
  };
}
