import zlib from 'node:zlib';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { sharedBackend } from '../support/worker-backend.js';

/**
 * Hosted Supabase's edge compresses PostgREST's and the other services' JSON when the request accepts it (brotli
 * first, else gzip; Vary: Accept-Encoding), and the demo gateway answers the same way, through the real PostgREST.
 * Node's own http client is used so the raw bytes on the wire can be read (fetch decodes them).
 */
const backend = sharedBackend();

function get(path: string, accept: string | undefined, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` };
    if (accept) headers['accept-encoding'] = accept;
    const req = http.request(`${backend.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('response compression as hosted Supabase applies it', () => {
  it('compresses a PostgREST answer in brotli or gzip as accepted, decoding to the plain answer', async () => {
    const path = '/rest/v1/profiles?select=id,email,username&order=id&limit=500';
    const plain = await get(path, undefined);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    const br = await get(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    const gz = await get(path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('leaves a count-only HEAD and a small answer uncompressed', async () => {
    const head = await get('/rest/v1/profiles?select=id', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    // Below Envoy's 30-byte minimum (a body of known length; a chunked one is compressed, as Envoy does).
    const small = await get('/health', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
  });
});
