import type { AppEvent } from '../../shared/contract/index.js';

/**
 * Browser mode's one event stream per page. Chromium allows six HTTP/1.1 connections per host; a streaming
 * fetch holds one for as long as it is open, so one stream per subscriber would leave operations queued behind
 * them for good once a page (or a few tabs) had six. Every subscriber is a listener on the one shared stream:
 * it opens with the first subscriber, closes with the last, and a dropped stream is reopened once for all.
 */
export type OpenStream = (signal: AbortSignal) => Promise<Response>;

export interface EventStream {
  subscribe(listener: (event: AppEvent) => void): () => void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

export function createEventStream(open: OpenStream, wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): EventStream {
  const listeners = new Set<(event: AppEvent) => void>();
  let controller: AbortController | null = null;

  const deliver = (line: string): void => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as { type: string };
    if (event.type === 'hello' || event.type === 'ping') return;
    // A listener that throws must not starve the others or end the stream.
    for (const listener of [...listeners]) {
      try {
        listener(event as AppEvent);
      } catch (err) {
        console.error('An event listener failed:', err);
      }
    }
  };

  const run = async (signal: AbortSignal): Promise<void> => {
    let retry = FIRST_RETRY_MS;
    while (!signal.aborted) {
      try {
        const res = await open(signal);
        // Without a valid launch token nothing will change by retrying.
        if (res.status === 401) return;
        if (!res.body) throw new Error('no stream');
        retry = FIRST_RETRY_MS;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            deliver(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      await wait(retry);
      retry = Math.min(retry * 2, MAX_RETRY_MS);
    }
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!controller) {
        controller = new AbortController();
        void run(controller.signal);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && controller) {
          controller.abort();
          controller = null;
        }
      };
    },
  };
}
