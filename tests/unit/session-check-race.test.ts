// A check of the stored session that runs across a sign-out and a new sign-in (a background admin check, issue 30)
// must not act on the session that came in meanwhile: before, the old session's refusal, or its user differing from
// the new session's, signed the new user out locally (the toolkit e2e's member lost their session under load).
import { describe, expect, it } from 'vitest';
import type { Session, User } from '@supabase/supabase-js';
import { SessionService } from '../../main/services/auth/session-service.js';
import type { Connection, Connections } from '../../main/core/connections.js';
import type { EventBus } from '../../main/core/events.js';
import { AUTH_STORAGE_KEY } from '../../main/core/session-storage.js';

const token = (sessionId: string) => `h.${Buffer.from(JSON.stringify({ session_id: sessionId })).toString('base64url')}.s`;
const ADMIN = { id: 'admin-id', email: 'admin@x.io', user_metadata: {} } as unknown as User;
const MEMBER = { id: 'member-id', email: 'member@x.io', user_metadata: {} } as unknown as User;
const sessionOf = (user: User, sessionId: string) => ({ user, access_token: token(sessionId) }) as unknown as Session;

/** The admin's session is stored; the server's getUser answers `verdict` after the member has signed in instead. */
function world(verdict: 'old-refused' | 'current-user') {
  let stored: Session | null = sessionOf(ADMIN, 'session-admin');
  let cleared = 0;
  let swapped = false;
  const conn = {
    user: {
      auth: {
        getSession: async () => ({ data: { session: stored } }),
        getUser: async () => {
          if (!swapped) {
            // Meanwhile: signed out, and the member signed in.
            swapped = true;
            stored = sessionOf(MEMBER, 'session-member');
            return verdict === 'old-refused'
              ? {
                  data: { user: null },
                  error: { name: 'AuthApiError', message: 'Session from session_id claim in JWT does not exist', status: 403, code: 'session_not_found' },
                }
              : { data: { user: MEMBER }, error: null };
          }
          return { data: { user: stored?.user ?? null }, error: stored ? null : { name: 'AuthSessionMissingError', message: 'no session', status: 400 } };
        },
        signOut: async () => ({ error: null }),
      },
    },
    service: { from: () => ({ select: () => ({ eq: async () => ({ data: [], error: null }) }) }) },
    sessionStorage: {
      getItem: (k: string) => (k === AUTH_STORAGE_KEY && stored ? JSON.stringify(stored) : null),
      clear: () => {
        cleared++;
        stored = null;
      },
    },
    cache: undefined,
  } as unknown as Connection;
  const sessions = new SessionService({ current: async () => conn } as unknown as Connections, { emit: () => undefined } as unknown as EventBus);
  return { sessions, cleared: () => cleared, stored: () => stored };
}

describe('a session check that runs across a new sign-in', () => {
  it('does not sign the new user out when the old session is refused, and checks the new one instead', async () => {
    const w = world('old-refused');
    const v = await w.sessions.requireSession();
    expect(v.id).toBe(MEMBER.id);
    expect(w.cleared()).toBe(0);
    expect(w.stored()?.user.id).toBe(MEMBER.id);
  });

  it("does not sign the new user out when the server names the new session's user", async () => {
    const w = world('current-user');
    const v = await w.sessions.requireSession();
    expect(v.id).toBe(MEMBER.id);
    expect(w.cleared()).toBe(0);
  });
});
