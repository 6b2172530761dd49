import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';

/**
 * Response compression as hosted Supabase's edge applies it (Envoy's compressor in front of PostgREST, the other
 * services behind the same edge): when the request accepts it, text and JSON bodies (PostgREST's vnd.pgrst media
 * types included) go out as brotli, else gzip, with `Content-Encoding` and `Vary: Accept-Encoding`; small bodies,
 * bodies already encoded, media (images, audio: already compressed), event streams, HEAD answers and bodiless
 * statuses go out as they are. A streamed answer stays streamed (compressed as it flows, never buffered whole).
 */
export type Encoding = 'br' | 'gzip';

/** Envoy's compressor leaves bodies below its min_content_length (30 bytes) alone. */
export const MIN_COMPRESSED_BYTES = 30;

const COMPRESSIBLE = [
  /^application\/json$/,
  /^application\/vnd\.pgrst\.[a-z.]+\+json$/,
  /^application\/(?:openapi|geo|problem)\+json$/,
  /^application\/(?:javascript|xml)$/,
  /^text\/(?:plain|csv|html|css|xml|javascript)$/,
  /^image\/svg\+xml$/,
];

export function compressibleType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return !!type && COMPRESSIBLE.some((re) => re.test(type));
}

/** The encoding to answer with for an Accept-Encoding header: brotli first (also for `*`), then gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

function headerValue(v: OutgoingHttpHeaders[string]): string | undefined {
  return v === undefined ? undefined : Array.isArray(v) ? v.join(', ') : String(v);
}

/** Whether an answer with these headers, to this request, is compressed (and how). */
export function encodingFor(
  method: string | undefined,
  status: number,
  headers: (name: string) => string | undefined,
  acceptEncoding: string | undefined,
): Encoding | undefined {
  if (method === 'HEAD' || status < 200 || status === 204 || status === 206 || status === 304) return undefined;
  if (headers('content-encoding')) return undefined;
  if (!compressibleType(headers('content-type'))) return undefined;
  if (/\bno-transform\b/i.test(headers('cache-control') ?? '')) return undefined;
  const length = headers('content-length');
  if (length !== undefined && Number(length) < MIN_COMPRESSED_BYTES) return undefined;
  return negotiateEncoding(acceptEncoding);
}

function varyWith(existing: string | undefined): string {
  if (!existing) return 'Accept-Encoding';
  return /\baccept-encoding\b|^\*$/i.test(existing) ? existing : `${existing}, Accept-Encoding`;
}

/**
 * Makes `res` compress its body when the answer qualifies: decided when the headers go out, from what they say.
 * Call before anything is written.
 */
export function compressResponses(req: IncomingMessage, res: ServerResponse): void {
  const accept = headerValue(req.headers['accept-encoding']);
  const origWriteHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const origWrite = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const origEnd = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let stream: zlib.BrotliCompress | zlib.Gzip | undefined;
  let decided = false;

  // Every answer that can differ by Accept-Encoding says so, compressed or not, so caches keep them apart.
  const decide = () => {
    if (decided) return;
    decided = true;
    if (!compressibleType(headerValue(res.getHeader('content-type')))) return;
    res.setHeader('vary', varyWith(headerValue(res.getHeader('vary'))));
    const encoding = encodingFor(req.method, res.statusCode, (n) => headerValue(res.getHeader(n)), accept);
    if (!encoding) return;
    res.removeHeader('content-length');
    res.setHeader('content-encoding', encoding);
    stream =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
          })
        : zlib.createGzip({ level: 6 });
    stream.on('data', (chunk: Buffer) => {
      if (!origWrite(chunk)) stream?.pause();
    });
    res.on('drain', () => stream?.resume());
    // A writer piped into res waits for res's 'drain' when a write reports a full buffer: the buffer is the encoder's.
    stream.on('drain', () => res.emit('drain'));
    stream.on('end', () => origEnd());
    stream.on('error', () => res.destroy());
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((r) => typeof r === 'object' && r !== null) as OutgoingHttpHeaders | string[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
    const message = rest.find((r) => typeof r === 'string');
    decide();
    return message === undefined ? origWriteHead(status) : origWriteHead(status, message);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide();
    if (!stream) return origWrite(chunk, ...rest);
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    const encoding = rest.find((r) => typeof r === 'string') as BufferEncoding | undefined;
    const more = stream.write(typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : (chunk as Buffer), cb);
    // As Envoy's compressor does, each piece written is flushed, so what the backend sent is on its way at once.
    if (stream instanceof zlib.Gzip) stream.flush(zlib.constants.Z_SYNC_FLUSH);
    else stream.flush();
    return more;
  }) as typeof res.write;

  res.end = ((...args: unknown[]) => {
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const cb = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    // A whole body known at the end (sendJson): small ones go out as they are.
    if (!decided && chunk !== undefined && chunk !== null && !res.hasHeader('content-length')) {
      res.setHeader('content-length', Buffer.byteLength(chunk as string | Buffer));
    }
    decide();
    if (!stream) return origEnd(...args);
    if (cb) res.once('finish', cb);
    if (chunk !== undefined && chunk !== null) stream.end(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    else stream.end();
    return res;
  }) as typeof res.end;
}
