// The order a full run starts its files in: by group and project as configured, then longest first, from the
// results cache or, on a clean clone, the committed tests/durations.json.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_BACKENDS } from '../support/worker-backend.js';
import config from '../../vitest.config.js';
import { longestFirst, type FileToOrder } from '../support/longest-first.js';
import { DURATIONS_FILE, LongestFirstSequencer } from '../support/longest-first-sequencer.js';

const file = (key: string, seconds: number | undefined, over: Partial<FileToOrder> = {}): FileToOrder => ({
  key,
  groupOrder: 2,
  project: 'e2e',
  seconds,
  bytes: 1000,
  ...over,
});

describe('longest first', () => {
  it('starts the longest file first, whatever its size on disk', () => {
    const order = longestFirst([file('e2e:feedback', 91, { bytes: 24_000 }), file('e2e:accessibility', 172, { bytes: 6_000 }), file('e2e:auth', 43)]);
    expect(order.map((f) => f.key)).toEqual(['e2e:accessibility', 'e2e:feedback', 'e2e:auth']);
  });

  it('keeps groups and projects in their configured order', () => {
    const order = longestFirst([
      file('e2e:long', 100),
      file('unit:short', 1, { groupOrder: 0, project: 'unit' }),
      file('integration:faults', 38, { groupOrder: 1, project: 'integration' }),
    ]);
    expect(order.map((f) => f.key)).toEqual(['unit:short', 'integration:faults', 'e2e:long']);
  });

  it('starts new files (no time known) first, larger first', () => {
    const order = longestFirst([file('e2e:known', 100), file('e2e:new-small', undefined, { bytes: 10 }), file('e2e:new-large', undefined, { bytes: 9000 })]);
    expect(order.map((f) => f.key)).toEqual(['e2e:new-large', 'e2e:new-small', 'e2e:known']);
  });

  it('is the sequencer of the run, and the committed table has the longest e2e files', () => {
    expect(config.test?.sequence?.sequencer).toBe(LongestFirstSequencer);
    const table = JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
    for (const [key, seconds] of Object.entries(table)) {
      expect(key).toMatch(/^(unit|integration|e2e|electron):tests\//);
      expect(seconds).toBeGreaterThanOrEqual(0);
    }
    expect(Object.keys(table).filter((k) => k.startsWith('e2e:')).length).toBeGreaterThan(20);
  });

  it('runs files two at a time, unit beside integration, each integration worker on a shared backend of its own', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string; maxWorkers?: number; sequence?: { groupOrder?: number } } }[];
    const of = (name: string) => projects.find((p) => p.test.name === name)?.test;
    expect(of('unit')?.maxWorkers).toBe(2);
    expect(of('e2e')?.maxWorkers).toBe(2);
    expect(of('integration')?.maxWorkers).toBe(SHARED_BACKENDS);
    expect(of('integration')?.sequence?.groupOrder).toBe(of('unit')?.sequence?.groupOrder);
  });

  it('runs the unit and e2e files of a worker on modules loaded once, so none of them may mock a module', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string; isolate?: boolean } }[];
    for (const name of ['unit', 'e2e']) expect(projects.find((p) => p.test.name === name)?.test.isolate).toBe(false);
    const offending = ['../unit/', '../e2e/'].flatMap((folder) => {
      const dir = new URL(folder, import.meta.url);
      return fs
        .readdirSync(dir)
        .filter((f) => /\.tsx?$/.test(f) && /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(new URL(f, dir), 'utf8')))
        .map((f) => folder + f);
    });
    expect(offending.sort()).toEqual([]);
  });
});
