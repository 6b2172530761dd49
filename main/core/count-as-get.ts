/**
 * A count (`select(..., { count, head: true })`, a HEAD to the table API) goes out as a GET of no rows that carries the
 * same count in its Content-Range. Node's fetch closes the connection after every HEAD (it guards against servers
 * that send a body anyway), so each count cost the next request a new connection: over a distant link, its TCP and
 * TLS handshakes, two round trips. The GET keeps the connection warm; its answer is `[]`, read and dropped here.
 */
const TABLE_API = '/rest/v1/';

/** The GET of no rows to send for a HEAD to the table API, or undefined to send the request as it is. */
export function countAsGet(url: URL, method: string): URL | undefined {
  if (method.toUpperCase() !== 'HEAD' || !url.pathname.startsWith(TABLE_API)) return undefined;
  // A HEAD that names its own window is left alone (limit=0 would change what it counts against).
  if (url.searchParams.has('limit') || url.searchParams.has('offset')) return undefined;
  const get = new URL(url);
  get.searchParams.set('limit', '0');
  return get;
}

/**
 * The answer a HEAD would have had: the GET's status and headers without its body (read to the end first, so the
 * connection is free for the next request). A refusal keeps its body: it says what went wrong.
 */
export async function asHeadAnswer(res: Response): Promise<Response> {
  if (!res.ok) return res;
  await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  const head = new Response(null, { status: res.status, statusText: res.statusText, headers });
  Object.defineProperty(head, 'url', { value: res.url });
  return head;
}
