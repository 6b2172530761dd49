import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.wav': 'audio/wav',
};

/**
 * Maps a URL path to a file of the built renderer, or null. Paths that could leave the folder are refused;
 * a path without an extension is a client-side route and gets index.html.
 */
export function resolveRendererFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) return null;
  const rel = decoded.replace(/^\/+/, '');
  const resolvedRoot = path.resolve(root);
  const candidate = path.resolve(resolvedRoot, rel || 'index.html');
  if (candidate !== resolvedRoot && !candidate.startsWith(resolvedRoot + path.sep)) return null;
  if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return path.extname(rel) === '' ? path.join(resolvedRoot, 'index.html') : null;
}

export function sendFile(res: ServerResponse, file: string, headers: Record<string, string>): void {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const immutable = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2|svg|png)$/.test(file);
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  fs.createReadStream(file).pipe(res);
}
