// The demo gateway compresses answers as hosted Supabase's edge does: brotli or gzip as the request accepts, JSON and
// text only, never small bodies, media or HEAD answers, with Vary: Accept-Encoding, and a streamed answer stays
// streamed (its first bytes arrive before the last are written).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses, encodingFor, negotiateEncoding } from '../../main/local-backend/gateway/compression.js';
import { sendJson } from '../../main/local-backend/gateway/http.js';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `user ${i}` })) };
let release: (() => void) | undefined;
let server: http.Server;
let base = '';

function handler(req: IncomingMessage, res: ServerResponse): void {
  compressResponses(req, res);
  const p = req.url ?? '/';
  if (p === '/json') return sendJson(res, 200, big);
  if (p === '/small') return sendJson(res, 200, { ok: true });
  if (p === '/pgrst') {
    res.writeHead(200, { 'content-type': 'application/vnd.pgrst.object+json; charset=utf-8' });
    return void res.end(JSON.stringify(big));
  }
  if (p === '/audio') {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 4096 });
    return void res.end(Buffer.alloc(4096, 7));
  }
  if (p === '/stream') {
    // Like the REST proxy: headers, then the body in pieces; the last piece waits until the test has seen the first.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(`[${JSON.stringify(big)},`);
    release = () => res.end(`${JSON.stringify(big)}]`);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

beforeAll(async () => {
  server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function get(path: string, accept?: string, method = 'GET'): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: accept === undefined ? {} : { 'accept-encoding': accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('accept-encoding negotiation', () => {
  it('prefers brotli, honours q-values and *, and refuses q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });

  it('leaves alone bodies already encoded, marked no-transform, bodiless or partial', () => {
    const h = (o: Record<string, string>) => (n: string) => o[n];
    const json = { 'content-type': 'application/json' };
    expect(encodingFor('GET', 200, h(json), 'gzip')).toBe('gzip');
    expect(encodingFor('GET', 200, h({ ...json, 'content-encoding': 'gzip' }), 'br')).toBeUndefined();
    expect(encodingFor('GET', 200, h({ ...json, 'cache-control': 'no-transform' }), 'br')).toBeUndefined();
    expect(encodingFor('GET', 206, h(json), 'br')).toBeUndefined();
    expect(encodingFor('GET', 204, h(json), 'br')).toBeUndefined();
    expect(encodingFor('HEAD', 200, h(json), 'br')).toBeUndefined();
    expect(encodingFor('GET', 200, h({ 'content-type': 'text/event-stream' }), 'br')).toBeUndefined();
  });
});

describe('compressed answers', () => {
  it('answers JSON in brotli or gzip as accepted, decoding to the same body, and plain when nothing is accepted', async () => {
    const expected = JSON.stringify(big);
    const br = await get('/json', 'gzip, deflate, br');
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.res.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.res.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected);
    expect(br.body.length).toBeLessThan(expected.length / 3);

    const gz = await get('/json', 'gzip');
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(expected);

    const plain = await get('/json');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.res.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body.toString()).toBe(expected);
  });

  it("compresses PostgREST's own media types", async () => {
    const r = await get('/pgrst', 'br');
    expect(r.res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(r.body).toString())).toEqual(big);
  });

  it('sends small bodies, media and HEAD answers as they are', async () => {
    const small = await get('/small', 'br, gzip');
    expect(small.res.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"ok":true}');
    const audio = await get('/audio', 'br, gzip');
    expect(audio.res.headers['content-encoding']).toBeUndefined();
    expect(audio.res.headers.vary).toBeUndefined();
    expect(audio.body.length).toBe(4096);
    const head = await get('/json', 'br', 'HEAD');
    expect(head.res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps a streamed answer streamed: its compressed first part arrives before the rest is written', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${base}/stream`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const gunzip = zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
        const parts: string[] = [];
        gunzip.on('data', (d: Buffer) => {
          parts.push(d.toString());
          // The first part decoded while the server still holds the last one back.
          if (release) {
            const r = release;
            release = undefined;
            r();
          }
        });
        gunzip.on('end', () => resolve(parts.join('')));
        res.pipe(gunzip);
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body)).toEqual([big, big]);
  });
});
