import type { ConnectionTest, ProfileList } from '../../../shared/contract/areas/profiles.js';
import { DEMO_PROFILE_ID, type ProfileSafety, type ProfileSummary } from '../../../shared/rules/profiles/types.js';
import { isAllowedProjectUrl, normaliseProjectUrl } from '../../../shared/rules/profiles/project-url.js';
import { AppError } from '../../ground/errors.js';
import type { Connections, EmbeddedBackendHandle } from '../../core/connections.js';
import type { EventBus } from '../../core/events.js';
import type { SecretStore } from '../../core/ports.js';
import type { ProfileRegistry, SaveProfileInput } from '../../core/profiles.js';
import type { SessionService } from '../auth/session-service.js';
import { testConnection } from './connection-test.js';

export interface ProfileServiceDeps {
  readonly registry: ProfileRegistry;
  readonly sessions: Pick<SessionService, 'signOut' | 'requireAdmin' | 'localUserId'>;
  readonly connections: Pick<Connections, 'current' | 'dispose'>;
  readonly events: EventBus;
  readonly secrets: Pick<SecretStore, 'persistence'>;
  readonly embedded: Pick<EmbeddedBackendHandle, 'credentials'>;
}

export type TestProfileInput = { readonly id: string } | { readonly url: string; readonly anonKey: string; readonly serviceRoleKey: string };

/** The connection profiles as the Settings screen changes them, and what changing the active one means for its session. */
export function createProfileService(d: ProfileServiceDeps) {
  /** Whether someone is signed in to the active project (the session kept by main, verified or not). */
  async function sessionOpen(): Promise<boolean> {
    const conn = await d.connections.current().catch(() => undefined);
    return conn !== undefined && d.sessions.localUserId(conn) !== undefined;
  }

  /**
   * Profile operations are public (the sign-in screen sets projects up), but while a session is open, changing
   * which project it talks to is an administrator's decision: otherwise anyone holding the window could point the
   * next sign-in at a host of their own.
   */
  async function requireAdminWhileSignedIn(): Promise<void> {
    if (await sessionOpen()) await d.sessions.requireAdmin();
  }

  /**
   * Leaving the active project: its session ends first, on the project it belongs to (sign-out tells the windows,
   * if there was one, and never stops the switch), then `change` picks the project, its clients, cache and audit
   * file are closed, and the windows are told which profile is active.
   */
  async function leaveActiveProject(change: () => void): Promise<void> {
    await d.sessions.signOut().catch(() => undefined);
    change();
    await d.connections.dispose();
    d.events.emit({ type: 'profile-changed', profileId: d.registry.activeId() });
  }

  return {
    list(): ProfileList {
      return { profiles: d.registry.list(), activeId: d.registry.activeId(), secretsPersistence: d.secrets.persistence };
    },

    async save(input: SaveProfileInput): Promise<ProfileSummary> {
      const active = input.id !== undefined && input.id === d.registry.activeId();
      if (active) await requireAdminWhileSignedIn();
      const before = active ? d.registry.get(input.id as string)?.url : undefined;
      const saved = d.registry.save(input);
      // The open session and clients belong to the old address.
      if (active && saved.url !== before) await leaveActiveProject(() => undefined);
      return saved;
    },

    async test(input: TestProfileInput): Promise<ConnectionTest> {
      if ('id' in input) {
        if (input.id === DEMO_PROFILE_ID) return testConnection(await d.embedded.credentials());
        const credentials = d.registry.credentials(input.id);
        if (!credentials) throw new AppError('NOT_CONFIGURED', 'The keys of this connection are not available in this session. Enter them again.');
        return testConnection(credentials);
      }
      // The schema already allows only https, or http on this computer; checked again where the keys leave.
      if (!isAllowedProjectUrl(input.url)) throw new AppError('INVALID_INPUT', 'Keys are tested only over https, or http on this computer.');
      return testConnection({ ...input, url: normaliseProjectUrl(input.url) });
    },

    async activate(id: string): Promise<{ activeId: string }> {
      if (id === d.registry.activeId()) return { activeId: id };
      await requireAdminWhileSignedIn();
      await leaveActiveProject(() => d.registry.setActive(id));
      return { activeId: id };
    },

    async setSafety(id: string, safety: ProfileSafety): Promise<ProfileSummary> {
      // Loosening the active profile's mode is as much an administrator's decision as pointing it elsewhere.
      if (id === d.registry.activeId()) await requireAdminWhileSignedIn();
      return d.registry.setSafety(id, safety);
    },

    async remove(id: string): Promise<{ removed: boolean }> {
      if (id === d.registry.activeId()) {
        await requireAdminWhileSignedIn();
        throw new AppError('PRECONDITION_FAILED', 'Switch to another connection before removing this one.');
      }
      d.registry.remove(id);
      return { removed: true };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
