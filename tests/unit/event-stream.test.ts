import { describe, expect, it } from 'vitest';
import { createEventStream } from '../../renderer/api/event-stream.js';
import type { AppEvent } from '../../shared/contract/index.js';

/** A fake /api/events: each open gets a stream the test writes lines into or ends. */
function fakeServer() {
  const opened: { signal: AbortSignal; push: (line: string) => void; end: () => void }[] = [];
  const open = (signal: AbortSignal): Promise<Response> => {
    let ctrl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
    const enc = new TextEncoder();
    signal.addEventListener('abort', () => ctrl.error(new DOMException('aborted', 'AbortError')));
    opened.push({ signal, push: (line) => ctrl.enqueue(enc.encode(`${line}\n`)), end: () => ctrl.close() });
    ctrl.enqueue(enc.encode('{"type":"hello"}\n'));
    return Promise.resolve(new Response(body));
  };
  return { opened, open };
}

const tick = () => new Promise((r) => setTimeout(r, 10));
const online = (v: boolean): AppEvent => ({ type: 'connectivity', online: v });

describe('browser mode event stream', () => {
  it('serves ten subscribers over one connection, each seeing every event', async () => {
    const server = fakeServer();
    const stream = createEventStream(server.open, () => Promise.resolve());
    const seen: AppEvent[][] = Array.from({ length: 10 }, () => []);
    const stops = seen.map((list) => stream.subscribe((e) => list.push(e)));
    await tick();
    expect(server.opened).toHaveLength(1);
    server.opened[0]!.push(JSON.stringify(online(false)));
    server.opened[0]!.push('{"type":"ping"}');
    await tick();
    for (const list of seen) expect(list).toEqual([online(false)]);
    for (const stop of stops) stop();
    expect(server.opened[0]!.signal.aborted).toBe(true);
  });

  it('keeps the connection while any subscriber is left, and closes it with the last', async () => {
    const server = fakeServer();
    const stream = createEventStream(server.open, () => Promise.resolve());
    const first = stream.subscribe(() => undefined);
    const got: AppEvent[] = [];
    const second = stream.subscribe((e) => got.push(e));
    first();
    await tick();
    expect(server.opened[0]!.signal.aborted).toBe(false);
    server.opened[0]!.push(JSON.stringify(online(true)));
    await tick();
    expect(got).toEqual([online(true)]);
    second();
    expect(server.opened[0]!.signal.aborted).toBe(true);
    expect(server.opened).toHaveLength(1);
  });

  it('reopens a dropped stream once for all subscribers', async () => {
    const server = fakeServer();
    const stream = createEventStream(server.open, () => Promise.resolve());
    const a: AppEvent[] = [];
    const b: AppEvent[] = [];
    const stops = [stream.subscribe((e) => a.push(e)), stream.subscribe((e) => b.push(e))];
    await tick();
    server.opened[0]!.end();
    await tick();
    expect(server.opened).toHaveLength(2);
    server.opened[1]!.push(JSON.stringify(online(true)));
    await tick();
    expect(a).toEqual([online(true)]);
    expect(b).toEqual([online(true)]);
    stops.forEach((s) => s());
  });

  it('a listener that throws does not keep the event from the others', async () => {
    const server = fakeServer();
    const stream = createEventStream(server.open, () => Promise.resolve());
    const got: AppEvent[] = [];
    const original = console.error;
    console.error = () => undefined;
    const stops = [
      stream.subscribe(() => {
        throw new Error('boom');
      }),
      stream.subscribe((e) => got.push(e)),
    ];
    await tick();
    server.opened[0]!.push(JSON.stringify(online(false)));
    await tick();
    console.error = original;
    expect(got).toEqual([online(false)]);
    stops.forEach((s) => s());
  });

  it('does not retry without a valid launch token', async () => {
    let opens = 0;
    const stream = createEventStream(
      () => {
        opens++;
        return Promise.resolve(new Response('no', { status: 401 }));
      },
      () => Promise.resolve(),
    );
    const stop = stream.subscribe(() => undefined);
    await tick();
    expect(opens).toBe(1);
    stop();
  });
});
