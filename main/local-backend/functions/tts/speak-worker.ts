import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/**
 * eSpeak-NG (WebAssembly, npm text2wav) off main's event loop: one worker thread, spoken to by message, so the
 * window stays responsive while a chunk is synthesised. It answers the WAV text2wav makes; the caller
 * resamples. The worker is created on first use and does not keep the process alive when idle.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
// text2wav's Emscripten loader reports its streaming-compile fallback on the console: noise, not news.
for (const k of ['log', 'warn', 'error']) console[k] = () => {};
const text2wav = require(workerData.text2wav);
let queue = Promise.resolve();
parentPort.on('message', ({ id, text, opts }) => {
  queue = queue.then(async () => {
    try {
      const wav = await text2wav(text, opts);
      parentPort.postMessage({ id, wav }, [wav.buffer]);
    } catch (e) {
      parentPort.postMessage({ id, error: String((e && e.message) || e) });
    }
  });
});
`;

export interface SpeakOptions {
  readonly voice: string;
  readonly pitch: number;
  readonly speed: number;
}

type Pending = { resolve: (wav: Uint8Array) => void; reject: (e: Error) => void };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker = undefined;
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const text2wav = createRequire(import.meta.url).resolve('text2wav');
  const w = new Worker(WORKER_CODE, { eval: true, workerData: { text2wav } });
  w.on('message', (m: { id: number; wav?: Uint8Array; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.wav) p.resolve(new Uint8Array(m.wav));
    else p.reject(new Error(m.error ?? 'Speech synthesis failed'));
    if (pending.size === 0) w.unref();
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`Speech worker stopped (${code})`)));
  w.unref();
  worker = w;
  return w;
}

/** Speaks `text` in a worker; resolves to the WAV text2wav makes (22,050 Hz mono). */
export function speakInWorker(text: string, opts: SpeakOptions): Promise<Uint8Array> {
  const w = ensureWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, text, opts });
  });
}

/** Ends the worker (tests, shutdown). */
export async function stopSpeechWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
