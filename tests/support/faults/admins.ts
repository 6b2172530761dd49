import type pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ADMIN_EMAIL, DEMO_PASSWORD } from '../booted.js';
import type { SharedBackend } from '../shared-backend.js';

/** The second administrator of the fault run: instance B signs in as them, so each audit log is one admin's own. */
export const SECOND_ADMIN_EMAIL = 'second.admin@reflect.local';

/** Who each instance signs in as. */
export const ADMINS = { A: ADMIN_EMAIL, B: SECOND_ADMIN_EMAIL } as const;

/**
 * Makes sure the second administrator exists: an account made through the auth server (as a sign-up would) and
 * given the admin role. The app has no operation that grants the admin role, so the role row is written as the seed
 * writes the demo admin's. Idempotent: a reused backend keeps them.
 */
export async function ensureSecondAdmin(backend: SharedBackend, db: pg.Pool): Promise<string> {
  let id = (await db.query<{ id: string }>('select id from auth.users where email = $1', [SECOND_ADMIN_EMAIL])).rows[0]?.id;
  if (!id) {
    const service = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data, error } = await service.auth.admin.createUser({ email: SECOND_ADMIN_EMAIL, password: DEMO_PASSWORD, email_confirm: true });
    if (error || !data.user) throw new Error(`Could not create the second administrator: ${error?.message ?? 'no user'}`);
    id = data.user.id;
  }
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict (user_id, role) do nothing`, [id]);
  return id;
}
