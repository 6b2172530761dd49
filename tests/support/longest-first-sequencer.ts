import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst } from './longest-first.js';

export const DURATIONS_FILE = path.resolve(import.meta.dirname, '../durations.json');

function committedSeconds(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * vitest's sequencer with the order of longest-first.ts. Unlike vitest's own, a file that failed last time does
 * not jump the queue: in a full run the longest file must start first, or it ends the run alone.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = committedSeconds();
    const root = this.ctx.config.root;
    const entries = files.map((spec) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return {
        spec,
        key,
        groupOrder: spec.project.config.sequence.groupOrder,
        project: spec.project.name,
        seconds: cached !== undefined ? cached / 1000 : table[key],
        bytes: this.ctx.cache.getFileStats(key)?.size ?? 0,
      };
    });
    return longestFirst(entries).map((e) => e.spec);
  }
}
