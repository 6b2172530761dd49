import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Migration {
  readonly name: string;
  readonly sql: string;
}

/**
 * The .sql files beside this module (in the sources) or in dist/main/migrations (in the bundle, where the build
 * copies them). Applied in name order, each once, each in its own transaction. Append only: never edit an
 * applied file.
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return fs.existsSync(path.join(here, '0001_platform.sql')) ? here : path.join(here, 'migrations');
}

export function loadMigrations(dir = migrationsDir()): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}
