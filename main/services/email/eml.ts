/**
 * A small MIME reader for the demo outbox: enough of RFC 5322/2045/2047 to show what nodemailer wrote (headers,
 * multipart/alternative, quoted-printable and base64 bodies, encoded-word subjects). Not a general mail parser.
 */
export interface ParsedEml {
  readonly subject: string;
  readonly from: string;
  readonly to: string;
  readonly date: string;
  readonly text: string;
  readonly html: string | null;
}

type Headers = Map<string, string>;

function splitHead(raw: string): { headers: Headers; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut < 0 ? raw : raw.slice(0, cut);
  const body = cut < 0 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function qpBytes(s: string): Uint8Array {
  const clean = s.replace(/=\r?\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i] as string;
    const hex = clean.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else out.push(...Buffer.from(c, 'utf8'));
  }
  return Uint8Array.from(out);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? decodeBytes(Buffer.from(text, 'base64'), charset) : decodeBytes(qpBytes(text.replace(/_/g, ' ')), charset),
    );
}

function param(header: string | undefined, name: string): string {
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header ?? '');
  return m ? (m[1] ?? m[2] ?? '') : '';
}

function bodyText(headers: Headers, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = param(headers.get('content-type'), 'charset') || 'utf-8';
  if (enc === 'base64') return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (enc === 'quoted-printable') return decodeBytes(qpBytes(body), charset);
  return body;
}

function collect(headers: Headers, body: string, out: { text: string | null; html: string | null }, depth: number): void {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/') && depth < 5) {
    const boundary = param(headers.get('content-type'), 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const p = splitHead(part.replace(/^\r?\n/, ''));
      collect(p.headers, p.body.replace(/\r?\n$/, ''), out, depth + 1);
    }
    return;
  }
  if (/attachment/i.test(headers.get('content-disposition') ?? '')) return;
  if (type.startsWith('text/html')) out.html ??= bodyText(headers, body);
  else if (type.startsWith('text/plain')) out.text ??= bodyText(headers, body);
}

export function parseEml(raw: string): ParsedEml {
  const { headers, body } = splitHead(raw);
  const out: { text: string | null; html: string | null } = { text: null, html: null };
  collect(headers, body, out, 0);
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    date: headers.get('date') ?? '',
    text: (out.text ?? '').replace(/\r\n/g, '\n'),
    html: out.html === null ? null : out.html.replace(/\r\n/g, '\n'),
  };
}
