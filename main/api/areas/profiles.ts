import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { AppError } from '../../core/errors.js';
import { DEMO_PROFILE_ID } from '../../../shared/types/profile.js';
import { testConnection } from '../../services/profiles/connection-test.js';

export function profileHandlers(s: AppServices): Handlers['profiles'] {
  return {
    async list() {
      return { profiles: s.registry.list(), activeId: s.registry.activeId(), secretsPersistence: s.secrets.persistence };
    },
    async save(input) {
      return s.registry.save(input);
    },
    async test(input) {
      if ('id' in input) {
        if (input.id === DEMO_PROFILE_ID) return testConnection(await s.embedded.credentials());
        const credentials = s.registry.credentials(input.id);
        if (!credentials) throw new AppError('NOT_CONFIGURED', 'The keys of this connection are not available in this session. Enter them again.');
        return testConnection(credentials);
      }
      return testConnection(input);
    },
    async activate({ id }) {
      if (id === s.registry.activeId()) return { activeId: id };
      // Switching projects ends the session on the one being left (signOut tells the windows, if there was one).
      await s.sessions.signOut().catch(() => undefined);
      s.registry.setActive(id);
      await s.connections.dispose();
      s.events.emit({ type: 'profile-changed', profileId: id });
      return { activeId: id };
    },
    async remove({ id }) {
      if (id === s.registry.activeId()) throw new AppError('PRECONDITION_FAILED', 'Switch to another connection before removing this one.');
      s.registry.remove(id);
      return { removed: true };
    },
  };
}
