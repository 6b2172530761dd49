import { describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { sql, ADMIN_EMAIL, MEMBER_EMAIL, DEMO_PASSWORD } from '../support/booted.js';

const backend = sharedBackend();
const client = (key: string) => createClient(backend.url, key, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });

async function signedIn(email: string) {
  const sb = client(backend.anonKey);
  const { error } = await sb.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return sb;
}

describe('storage through the gateway', () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

  it('uploads, serves publicly, lists and removes an object', async () => {
    const storage = client(backend.serviceRoleKey).storage.from('coach-avatars');
    const name = `avatars/test-${Date.now()}.jpg`;
    const up = await storage.upload(name, bytes, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    const again = await storage.upload(name, bytes, { contentType: 'image/jpeg' });
    expect(again.error?.message).toMatch(/already exists/);
    const { publicUrl } = storage.getPublicUrl(name).data;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const listed = await storage.list('avatars', { search: name.slice('avatars/'.length) });
    expect(listed.data?.map((o) => o.name)).toContain(name.slice('avatars/'.length));
    const removed = await storage.remove([name]);
    expect(removed.data).toHaveLength(1);
    expect((await fetch(publicUrl)).status).toBe(400);
  });

  it('lets an admin upload with their own session, refuses a user without the role', async () => {
    const name = `avatars/by-admin-${Date.now()}.jpg`;
    const admin = await signedIn(ADMIN_EMAIL);
    expect((await admin.storage.from('coach-avatars').upload(name, bytes, { contentType: 'image/jpeg' })).error).toBeNull();
    const member = await signedIn(MEMBER_EMAIL);
    const refused = await member.storage.from('coach-avatars').upload(`avatars/by-member-${Date.now()}.jpg`, bytes, { contentType: 'image/jpeg' });
    expect(refused.error).not.toBeNull();
    await client(backend.serviceRoleKey).storage.from('coach-avatars').remove([name]);
  });

  it('refuses object names that would leave the bucket, and types the bucket does not allow', async () => {
    const storage = client(backend.serviceRoleKey).storage.from('coach-avatars');
    // (Encoded dot segments are resolved by the URL parser before they leave the client; the server side is unit-tested.)
    for (const name of ['../escape.jpg', 'avatars/../../escape.jpg']) {
      const r = await storage.upload(name, bytes, { contentType: 'image/jpeg' });
      expect(r.error, name).not.toBeNull();
    }
    const text = await storage.upload(`avatars/t-${Date.now()}.txt`, new TextEncoder().encode('hi'), { contentType: 'text/plain' });
    expect(text.error).not.toBeNull();
  });
});

describe('edge functions through the gateway (a round trip)', () => {
  it('admin-coach-stats answers per-coach sessions and messages equal to SQL, for an admin only', async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const { data, error } = await admin.functions.invoke<Record<string, { total_sessions: number; total_messages: number }>>('admin-coach-stats');
    expect(error).toBeNull();
    const truth = await sql<{ id: string; s: string; m: string }>(
      backend,
      `select c.id, (select count(*) from coach_interactions i where i.coach_id = c.id) s, (select count(*) from chat_messages m where m.coach_id = c.id) m from coaches c`,
    );
    expect(Object.keys(data ?? {})).toHaveLength(truth.length);
    for (const t of truth) expect(data?.[t.id]).toEqual({ total_sessions: Number(t.s), total_messages: Number(t.m) });
    const member = await signedIn(MEMBER_EMAIL);
    const refused = await member.functions.invoke('admin-coach-stats');
    expect(refused.error).not.toBeNull();
    const unknown = await admin.functions.invoke('no-such-function');
    expect(unknown.error).not.toBeNull();
  });
});
