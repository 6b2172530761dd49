// The gateway's API key check: the project's anon and service-role keys pass, anything else is refused, also after a
// valid key was accepted and remembered (a tampered copy, another project's key, a user's token, an expired key).
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { checkApiKey, GatewayRefusal } from '../../main/local-backend/gateway/front-door.js';
import { signAccessToken, signApiKey } from '../../main/local-backend/keys.js';

const SECRET = 'a-test-secret-of-the-local-backend-0123456789';
const url = new URL('http://127.0.0.1/rest/v1/coaches');
const req = (apikey?: string) => ({ method: 'GET', headers: apikey ? { apikey } : {} }) as unknown as IncomingMessage;
const refusal = (p: Promise<void>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof GatewayRefusal ? `${e.status} ${e.body.message}` : String(e)),
  );

describe('gateway API key check', () => {
  it('accepts the project keys, again and again, and refuses every other key', async () => {
    const service = await signApiKey(SECRET, 'service_role');
    const anon = await signApiKey(SECRET, 'anon');
    for (let i = 0; i < 3; i++) {
      expect(await refusal(checkApiKey(req(service), url, SECRET))).toBe('accepted');
      expect(await refusal(checkApiKey(req(anon), url, SECRET))).toBe('accepted');
    }
    const tampered = `${service.slice(0, -3)}${service.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(await refusal(checkApiKey(req(tampered), url, SECRET))).toBe('401 Invalid API key');
    expect(await refusal(checkApiKey(req(service), url, `${SECRET}-another-project`))).toBe('401 Invalid API key');
    const user = (await signAccessToken(SECRET, { sub: 'u1', email: 'a@b.c', sessionId: 's1', appMetadata: {}, userMetadata: {} })).token;
    expect(await refusal(checkApiKey(req(user), url, SECRET))).toBe('401 Invalid API key');
    expect(await refusal(checkApiKey(req(), url, SECRET))).toBe('401 No API key found in request');
  });

  it('refuses a key once it has expired, though it was accepted before', async () => {
    const soon = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(SECRET));
    expect(await refusal(checkApiKey(req(soon), url, SECRET))).toBe('accepted');
    const expiry = JSON.parse(Buffer.from(soon.split('.')[1]!, 'base64url').toString()) as { exp: number };
    // Asked as of just after its expiry: the remembered verification no longer counts, and the signature check fails.
    await new Promise((r) => setTimeout(r, Math.max(0, expiry.exp * 1000 - Date.now() + 50)));
    expect(await refusal(checkApiKey(req(soon), url, SECRET))).toBe('401 Invalid API key');
  });
});
