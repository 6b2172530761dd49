import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTERNAL_ALLOWLIST, externalAllowlist, isAllowedExternalUrl } from '../../main/app/external-links.js';

const withProject = externalAllowlist('https://abcdefgh.supabase.co');

// E5: external links only through the allowlist, parsed with new URL.
describe('isAllowedExternalUrl (E5)', () => {
  it.each([
    ['https://dashboard.stripe.com/customers/cus_123', true],
    ['https://supabase.com/docs', true],
    ['https://app.supabase.com/project/x', true],
    ['https://SUPABASE.com/docs', true],
    ['https://docs.supabase.com/guides', true],
    ['https://dashboard.stripe.com:443/x', true],
  ])('%s -> %s', (url, expected) => {
    expect(isAllowedExternalUrl(url, DEFAULT_EXTERNAL_ALLOWLIST)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['JaVaScRiPt:alert(1)', 'javascript:, mixed case'],
    ['java\tscript:alert(1)', 'javascript: with a tab'],
    ['file:///etc/passwd', 'file:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['http://supabase.com/', 'plain http'],
    ['ftp://supabase.com/', 'ftp'],
    ['app://reflect/', 'our own scheme'],
    ['https://user:pass@supabase.com/', 'credentials'],
    ['https://user@supabase.com/', 'user name'],
    ['https://supabase.com@evil.io/', 'host after @'],
    ['https://supabase.com:8443/', 'other port'],
    ['https://stripe.com.evil.io/', 'allowed name as a prefix'],
    ['https://dashboard.stripe.com.evil.io/', 'allowed host as a prefix'],
    ['https://evilstripe.com/', 'allowed name as a suffix without a dot'],
    ['https://evildashboard.stripe.com/', 'suffix without a dot'],
    ['https://stripe.com/', 'parent of an allowed host'],
    ['https://supabase.co/', 'different TLD'],
    ['https://supabаse.com/', 'Cyrillic a (IDN look-alike)'],
    ['https://xn--supabse-6fg.com/', 'punycode'],
    ['https://xn--80ak6aa92e.supabase.com/', 'punycode label under an allowed domain'],
    ['https://127.0.0.1/', 'IPv4 literal'],
    ['https://2130706433/', 'IPv4 as a number'],
    ['https://0x7f.1/', 'IPv4 in hex'],
    ['https://[::1]/', 'IPv6 literal'],
    ['https://supabase.com./', 'trailing dot'],
    ['//supabase.com/', 'scheme-relative'],
    ['supabase.com', 'no scheme'],
    ['', 'empty'],
    [' https://supabase.com/', 'leading space'],
    ['https://evil.io\\@supabase.com/', 'backslash trick'],
    [`https://supabase.com/${'a'.repeat(3000)}`, 'very long'],
  ])('refuses %s (%s)', (url) => {
    expect(isAllowedExternalUrl(url, withProject)).toBe(false);
  });

  it('refuses non-strings', () => {
    for (const v of [undefined, null, 42, {}, ['https://supabase.com/']]) expect(isAllowedExternalUrl(v)).toBe(false);
  });

  it("adds the active project's host", () => {
    expect(isAllowedExternalUrl('https://abcdefgh.supabase.co/storage/v1/object/public/a.png', withProject)).toBe(true);
    expect(isAllowedExternalUrl('https://other.supabase.co/', withProject)).toBe(false);
    expect(externalAllowlist(null)).toEqual([...DEFAULT_EXTERNAL_ALLOWLIST]);
    expect(externalAllowlist('http://127.0.0.1:54321')).toEqual([...DEFAULT_EXTERNAL_ALLOWLIST]);
  });

  it('ignores allowlist entries that would allow a whole TLD or an IP', () => {
    expect(isAllowedExternalUrl('https://evil.com/', ['com'])).toBe(false);
    expect(isAllowedExternalUrl('https://10.0.0.1/', ['10.0.0.1'])).toBe(false);
    expect(isAllowedExternalUrl('https://evil.com/', ['*.com'])).toBe(false);
  });
});
