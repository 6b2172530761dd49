import type { Handlers } from '../handlers-type.js';
import type { AppServices } from '../../core/app-services.js';
import { AppError } from '../../ground/errors.js';
import { DEMO_PROFILE_ID } from '../../../shared/rules/profiles/types.js';
import { testConnection } from '../../services/profiles/connection-test.js';
import { isAllowedProjectUrl, normaliseProjectUrl } from '../../../shared/rules/profiles/project-url.js';

/** Whether someone is signed in to the active project (the session kept by main, verified or not). */
async function sessionOpen(s: AppServices): Promise<boolean> {
  const conn = await s.connections.current().catch(() => undefined);
  return conn !== undefined && s.sessions.localUserId(conn) !== undefined;
}

/**
 * Profile operations are public (the sign-in screen sets projects up), but while a session is open, changing
 * which project it talks to is an administrator's decision: otherwise anyone holding the window could point the
 * next sign-in at a host of their own.
 */
async function requireAdminWhileSignedIn(s: AppServices): Promise<void> {
  if (await sessionOpen(s)) await s.sessions.requireAdmin();
}

export function profileHandlers(s: AppServices): Handlers['profiles'] {
  return {
    async list() {
      return { profiles: s.registry.list(), activeId: s.registry.activeId(), secretsPersistence: s.secrets.persistence };
    },
    async save(input) {
      const active = input.id !== undefined && input.id === s.registry.activeId();
      if (active) await requireAdminWhileSignedIn(s);
      const before = active ? s.registry.get(input.id as string)?.url : undefined;
      const saved = s.registry.save(input);
      if (active && saved.url !== before) {
        // The open session and clients belong to the old address.
        await s.sessions.signOut().catch(() => undefined);
        await s.connections.dispose();
        s.events.emit({ type: 'profile-changed', profileId: saved.id });
      }
      return saved;
    },
    async test(input) {
      if ('id' in input) {
        if (input.id === DEMO_PROFILE_ID) return testConnection(await s.embedded.credentials());
        const credentials = s.registry.credentials(input.id);
        if (!credentials) throw new AppError('NOT_CONFIGURED', 'The keys of this connection are not available in this session. Enter them again.');
        return testConnection(credentials);
      }
      // The schema already allows only https, or http on this computer; checked again where the keys leave.
      if (!isAllowedProjectUrl(input.url)) throw new AppError('INVALID_INPUT', 'Keys are tested only over https, or http on this computer.');
      return testConnection({ ...input, url: normaliseProjectUrl(input.url) });
    },
    async activate({ id }) {
      if (id === s.registry.activeId()) return { activeId: id };
      await requireAdminWhileSignedIn(s);
      // Switching projects ends the session on the one being left (signOut tells the windows, if there was one).
      await s.sessions.signOut().catch(() => undefined);
      s.registry.setActive(id);
      await s.connections.dispose();
      s.events.emit({ type: 'profile-changed', profileId: id });
      return { activeId: id };
    },
    async setSafety({ id, ...safety }) {
      // Loosening the active profile's mode is as much an administrator's decision as pointing it elsewhere.
      if (id === s.registry.activeId()) await requireAdminWhileSignedIn(s);
      return s.registry.setSafety(id, safety);
    },
    async remove({ id }) {
      if (id === s.registry.activeId()) {
        await requireAdminWhileSignedIn(s);
        throw new AppError('PRECONDITION_FAILED', 'Switch to another connection before removing this one.');
      }
      s.registry.remove(id);
      return { removed: true };
    },
  };
}
