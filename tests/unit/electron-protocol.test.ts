import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler, NONCE_PLACEHOLDER, resolveAppAsset } from '../../main/app/protocol.js';
import { contentSecurityPolicy } from '../../main/core/csp.js';

const root = path.resolve(os.tmpdir(), 'reflect-renderer-root');

// E7: the renderer comes from app://reflect/, and nothing outside the renderer folder can be read through it.
describe('resolveAppAsset (E7)', () => {
  it('resolves a normal asset inside the renderer folder', () => {
    expect(resolveAppAsset(root, 'app://reflect/assets/index-4f3a.js')).toBe(path.join(root, 'assets', 'index-4f3a.js'));
    expect(resolveAppAsset(root, 'app://reflect/assets/_commonjsHelpers-x.js?v=1#h')).toBe(path.join(root, 'assets', '_commonjsHelpers-x.js'));
    expect(resolveAppAsset(root, 'app://reflect/favicon.png')).toBe(path.join(root, 'favicon.png'));
  });

  it('serves index.html for the root and for client-side routes without an extension', () => {
    expect(resolveAppAsset(root, 'app://reflect/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://reflect')).toBe(path.join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://reflect/users/123')).toBe(path.join(root, 'index.html'));
    expect(resolveAppAsset(root, 'app://reflect/settings/connections?tab=x')).toBe(path.join(root, 'index.html'));
  });

  it.each([
    'app://reflect/../../etc/passwd',
    'app://reflect/assets/../../../etc/passwd',
    'app://reflect/%2e%2e/%2e%2e/etc/passwd',
    'app://reflect/%2E%2E/%2E%2E/etc/passwd',
    'app://reflect/.%2e/etc/passwd',
    'app://reflect/%2e./etc/passwd',
    'app://reflect/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://reflect/%252e%252e/etc/passwd',
    'app://reflect/..%5c..%5cetc%5cpasswd',
    'app://reflect/..\\..\\etc\\passwd',
    'app://reflect/assets\\..\\..\\x.js',
    'app://reflect/index.html%00.png',
    'app://reflect/a\0b.js',
    'app://reflect//etc/passwd',
    'app://reflect/%2fetc%2fpasswd',
    'app://reflect/C:/Windows/win.ini',
    'app://reflect/c%3a%5cwindows%5cwin.ini',
    'app://reflect/./index.html',
    'app://reflect/.env',
    'app://reflect/%',
    'app://evil/index.html',
    'app://reflect.evil/index.html',
    'app://user@reflect/index.html',
    'app://reflect:8080/index.html',
    'file:///etc/passwd',
    'https://reflect/index.html',
    '/etc/passwd',
    '',
  ])('refuses %s', (url) => {
    expect(resolveAppAsset(root, url)).toBeNull();
  });

  it('registers the scheme as standard and secure, without bypassing CSP', () => {
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe('app');
    expect(APP_SCHEME_PRIVILEGES.privileges).toEqual({ standard: true, secure: true, supportFetchAPI: true });
  });
});

describe('the app:// protocol handler', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflect-protocol-'));
  const csp = (nonce: string | undefined) => contentSecurityPolicy({ imageOrigins: [], ...(nonce ? { styleNonce: nonce } : {}) });
  const handler = createAppProtocolHandler({
    rendererRoot: path.join(dir, 'renderer'),
    contentSecurityPolicy: csp,
    newNonce: () => 'AAAAAAAAAAAAAAAAAAAAAAAA',
  });

  beforeAll(() => {
    fs.mkdirSync(path.join(dir, 'renderer', 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'renderer', 'index.html'),
      `<meta name="csp-nonce" content="${NONCE_PLACEHOLDER}"><script type="module" src="./assets/a.js"></script>`,
    );
    fs.writeFileSync(path.join(dir, 'renderer', 'assets', 'a.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves index.html with the CSP header and the nonce filled in', async () => {
    const res = await handler(new Request('app://reflect/users/42'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("style-src 'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAAAA'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await res.text();
    expect(body).toContain('content="AAAAAAAAAAAAAAAAAAAAAAAA"');
    expect(body).not.toContain(NONCE_PLACEHOLDER);
  });

  it('serves assets with their type, nosniff and the CSP', async () => {
    const res = await handler(new Request('app://reflect/assets/a.js'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toBe('console.log(1)');
  });

  it('answers 404 for traversal and missing files, 405 for writes', async () => {
    expect((await handler(new Request('app://reflect/%2e%2e/secret.txt'))).status).toBe(404);
    expect((await handler(new Request('app://reflect/assets/missing.js'))).status).toBe(404);
    expect((await handler(new Request('app://reflect/assets/a.js', { method: 'POST', body: 'x' }))).status).toBe(405);
  });
});
