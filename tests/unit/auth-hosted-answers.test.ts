import { describe, expect, it } from 'vitest';
import { checkYourEmailMessage, rateLimitMessage, waitSeconds } from '../../shared/rules/auth/auth-answers.js';
import { TokenBuckets } from '../../main/local-backend/gateway/auth/rate-limit.js';
import { banSeconds } from '../../main/local-backend/gateway/auth/admin.js';
import { sessionJson, type AuthDeps } from '../../main/local-backend/gateway/auth/context.js';
import { authOptions, type AuthOptions } from '../../main/local-backend/gateway/auth/options.js';
import type { AuthUserJson } from '../../main/local-backend/gateway/auth/store.js';

describe('what the auth screens say for hosted answers', () => {
  it('says how long to wait, from Retry-After, else GoTrue\'s own "after N seconds", else the documented refill', () => {
    expect(rateLimitMessage(7)).toBe('Too many attempts. Try again in 7 seconds.');
    expect(rateLimitMessage(1)).toBe('Too many attempts. Try again in 1 second.');
    expect(rateLimitMessage(0.2)).toBe('Too many attempts. Try again in 1 second.');
    expect(waitSeconds('over_request_rate_limit', 'Request rate limit reached', 4)).toBe(4);
    expect(waitSeconds('over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', undefined)).toBe(42);
    expect(waitSeconds('over_email_send_rate_limit', 'For security purposes, you can only request this once every 60 seconds', undefined)).toBe(60);
    expect(waitSeconds('over_request_rate_limit', 'Request rate limit reached', undefined)).toBe(10);
    expect(waitSeconds('over_email_send_rate_limit', 'email rate limit exceeded', undefined)).toBe(120);
    expect(checkYourEmailMessage('a@b.co')).toBe('Check your e-mail: we sent a confirmation link to a@b.co. Open it, then sign in.');
  });
});

describe('the gateway limiter (GoTrue token bucket)', () => {
  it('allows the burst, then refuses with the seconds until one token is back, and refills over time', () => {
    let now = 0;
    const b = new TokenBuckets({ burst: 30, perPeriod: 30, periodSeconds: 300 }, () => now);
    for (let i = 0; i < 30; i += 1) expect(b.take('ip')).toBeUndefined();
    expect(b.take('ip')).toBe(10);
    expect(b.take('other-ip')).toBeUndefined();
    now += 10_000;
    expect(b.take('ip')).toBeUndefined();
    expect(b.take('ip')).toBe(10);
  });

  it('reads ban_duration as Go durations; "none" lifts; anything else is refused', () => {
    expect(banSeconds('24h')).toBe(86_400);
    expect(banSeconds('1h30m')).toBe(5_400);
    expect(banSeconds('90s')).toBe(90);
    expect(banSeconds('none')).toBeNull();
    expect(() => banSeconds('forever')).toThrow(/invalid format for ban duration/);
  });
});

describe("the demo's access token lifetime (GoTrue JWT_EXP)", () => {
  it('is an hour as hosted, and what accessTokenSeconds says when a fault run shortens it to meet refreshes', async () => {
    const user = { id: 'u1', email: 'a@b.co', app_metadata: {}, user_metadata: {} } as unknown as AuthUserJson;
    const deps = (given: Partial<AuthOptions>) => ({ jwtSecret: 'x'.repeat(40), options: authOptions(given) }) as unknown as AuthDeps;
    const now = Math.floor(Date.now() / 1000);
    const hosted = await sessionJson(deps({}), user, 's1', 'r1');
    expect(hosted.expires_in).toBe(3600);
    expect(hosted.expires_at - now).toBeGreaterThanOrEqual(3599);
    const short = await sessionJson(deps({ accessTokenSeconds: 120 }), user, 's1', 'r1');
    expect(short.expires_in).toBe(120);
    expect(short.expires_at - now).toBeLessThanOrEqual(121);
    expect(JSON.parse(Buffer.from(short.access_token.split('.')[1]!, 'base64url').toString()).exp).toBe(short.expires_at);
  });
});
