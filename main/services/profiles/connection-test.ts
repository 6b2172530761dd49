import type { ConnectionTest } from '../../../shared/contract/areas/profiles.js';
import { projectFetch, type ProjectCredentials } from '../../core/supabase-clients.js';

async function status(c: ProjectCredentials, url: string, key: string): Promise<number> {
  const res = await projectFetch(c)(url, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  await res.body?.cancel();
  return res.status;
}

/**
 * Tries a project's keys without signing in: the anon key against the auth settings endpoint, the
 * service-role key against an admin-only endpoint. Nothing is written and the keys are never echoed.
 */
export async function testConnection(c: ProjectCredentials): Promise<ConnectionTest> {
  let anon: number;
  try {
    anon = await status(c, `${c.url}/auth/v1/settings`, c.anonKey);
  } catch {
    return { reachable: false, anonKeyAccepted: false, serviceRoleKeyAccepted: false, message: `Could not reach ${c.url}. Check the URL and the network.` };
  }
  let service = 0;
  try {
    service = await status(c, `${c.url}/auth/v1/admin/users?page=1&per_page=1`, c.serviceRoleKey);
  } catch {
    // reachable a moment ago: treat as a refused key below
  }
  const anonKeyAccepted = anon >= 200 && anon < 300;
  const serviceRoleKeyAccepted = service >= 200 && service < 300;
  const message =
    anonKeyAccepted && serviceRoleKeyAccepted
      ? 'Connected: both keys were accepted.'
      : !anonKeyAccepted
        ? `The project answered, but refused the anon key (HTTP ${anon}).`
        : `The anon key works, but the service-role key was refused (HTTP ${service}). Administration needs the service-role key.`;
  return { reachable: true, anonKeyAccepted, serviceRoleKeyAccepted, message };
}
