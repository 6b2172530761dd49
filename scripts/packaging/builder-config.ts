import fs from 'node:fs';
import { createRequire } from 'node:module';

// js-yaml comes with electron-builder (not a direct dependency of ours), as in tests/unit/electron-fuses-config.test.ts.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

/** The parts of electron-builder.yml the packaging checks read. */
export interface BuilderConfig {
  readonly productName?: string;
  readonly files?: string[];
  readonly electronFuses?: Record<string, boolean>;
  readonly linux?: { executableName?: string };
}

export function parseBuilderConfig(text: string): BuilderConfig {
  return (yaml.load(text) ?? {}) as BuilderConfig;
}

export function readBuilderConfig(file = 'electron-builder.yml'): BuilderConfig {
  return parseBuilderConfig(fs.readFileSync(file, 'utf8'));
}
