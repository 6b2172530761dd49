/**
 * The one logger of main. Every line passes through redact(): registered secrets (keys, passwords, tokens)
 * and anything shaped like a JWT never reach a console or a log file.
 */
const secrets = new Set<string>();
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 8) secrets.add(value);
}

export function redact(text: string): string {
  let out = text.replace(JWT, '[redacted-token]');
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
  return out;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogSink = (level: LogLevel, line: string) => void;

let sink: LogSink = (level, line) => {
  if (level === 'debug' && !process.env.REFLECT_DEBUG) return;
  (level === 'error' || level === 'warn' ? console.error : console.log)(line);
};

export function setLogSink(next: LogSink): void {
  sink = next;
}

function format(parts: unknown[]): string {
  return parts.map((p) => (p instanceof Error ? (p.stack ?? p.message) : typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
}

export const log = {
  debug: (...parts: unknown[]) => sink('debug', redact(format(parts))),
  info: (...parts: unknown[]) => sink('info', redact(format(parts))),
  warn: (...parts: unknown[]) => sink('warn', redact(format(parts))),
  error: (...parts: unknown[]) => sink('error', redact(format(parts))),
};
