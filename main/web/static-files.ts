import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, resolveRendererPath } from '../core/renderer-assets.js';

/** A file of the built renderer for a request path, or null (see resolveRendererPath); it must exist. */
export function resolveRendererFile(root: string, urlPath: string): string | null {
  const file = resolveRendererPath(root, urlPath);
  return file && fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

export function sendFile(res: ServerResponse, file: string, headers: Record<string, string>): void {
  const type = contentTypeOf(file);
  const immutable = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2|svg|png)$/.test(file);
  res.writeHead(200, {
    ...headers,
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  fs.createReadStream(file).pipe(res);
}
