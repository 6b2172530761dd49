import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, HOSTED_STORAGE_SOURCE, toHostSource } from '../../main/core/csp.js';

/** Directive name -> its sources. */
function parseCsp(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(map.has(name), `duplicate directive ${name}`).toBe(false);
    map.set(name.toLowerCase(), sources);
  }
  return map;
}

const NONCE = 'q0H1pM3cU2hxbFZ2k1m9Yw==';

// E2: a strict policy, in the response header of every app:// response (protocol.ts).
describe('contentSecurityPolicy (E2)', () => {
  const policy = contentSecurityPolicy({
    imageOrigins: [HOSTED_STORAGE_SOURCE, 'https://abcd.supabase.co/storage/v1', 'http://127.0.0.1:54321'],
    styleNonce: NONCE,
  });
  const csp = parseCsp(policy);

  it('has nothing unsafe', () => {
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|strict-dynamic/);
    expect(policy).not.toMatch(/(^|\s)\*(\s|;|$)/);
  });

  it('denies by default and allows only our own scripts, connections, fonts', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
  });

  it('closes objects, base, forms and frames', () => {
    for (const d of ['object-src', 'base-uri', 'form-action', 'frame-ancestors', 'frame-src']) expect(csp.get(d), d).toEqual(["'none'"]);
  });

  it("styles: 'self' plus this load's nonce only", () => {
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${NONCE}'`]);
    expect(parseCsp(contentSecurityPolicy({ imageOrigins: [] })).get('style-src')).toEqual(["'self'"]);
    expect(() => contentSecurityPolicy({ imageOrigins: [], styleNonce: "x' 'unsafe-inline" })).toThrow();
  });

  it('images: self, data:, blob: and the project storage origins', () => {
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.supabase.co', 'https://abcd.supabase.co', 'http://127.0.0.1:54321']);
  });

  it('drops image sources that are not plain host sources (no policy injection)', () => {
    for (const bad of ["'unsafe-inline'", '*', 'https://x.example; script-src *', 'data:', 'javascript:alert(1)', 'https://a b.com', 'ftp://x.example']) {
      expect(toHostSource(bad), bad).toBeUndefined();
    }
    const img = parseCsp(contentSecurityPolicy({ imageOrigins: ['https://x.example; script-src *', "'unsafe-eval'"] })).get('img-src');
    expect(img).toEqual(["'self'", 'data:', 'blob:']);
  });

  const html = path.resolve('dist/renderer/index.html');
  it('the built renderer HTML has no inline script', () => {
    if (!fs.existsSync(html)) {
      console.log('dist/renderer/index.html not built: skipped the inline-script check of the built HTML');
      return;
    }
    const text = fs.readFileSync(html, 'utf8');
    const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    for (const [, attrs, body] of scripts) {
      expect(attrs, 'every script has a src').toMatch(/\ssrc=/i);
      expect((body ?? '').trim(), 'and no inline body').toBe('');
    }
    expect(text, 'no inline event handlers').not.toMatch(/\son[a-z]+\s*=/i);
    expect(text, 'no <style> element (it would need the nonce)').not.toMatch(/<style\b/i);
  });
});
