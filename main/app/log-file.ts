import fs from 'node:fs';
import path from 'node:path';
import type { LogLevel, LogSink } from '../ground/log.js';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * The desktop app's log sink: the console (as before) and a file in the OS log folder, so "the details are in
 * the log" points somewhere. Lines arrive already redacted by main/ground/log.ts. When the file passes 5 MB it
 * is moved to main.old.log and a new one starts.
 */
export function createFileLogSink(dir: string, debug: boolean): LogSink {
  const file = path.join(dir, 'main.log');
  let ready = false;
  return (level: LogLevel, line: string) => {
    if (level === 'debug' && !debug) return;
    (level === 'error' || level === 'warn' ? console.error : console.log)(line);
    try {
      if (!ready) {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        if (fs.existsSync(file) && fs.statSync(file).size > MAX_BYTES) fs.renameSync(file, path.join(dir, 'main.old.log'));
        ready = true;
      }
      fs.appendFileSync(file, `${new Date().toISOString()} ${level.toUpperCase()} ${line}\n`, { mode: 0o600 });
    } catch {
      // logging must never take the app down
    }
  };
}
