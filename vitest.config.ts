import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.js';

// One command runs every suite: unit (pure rules, router, shell), integration (services against the embedded
// backend), e2e (browser mode in Debian's Chromium) and the Electron shell test (skips without the runtime).
export default defineConfig({
  test: {
    // Longest files first, also on a clean clone without vitest's results cache (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          // Two at a time: vitest's default on 2 cores is one worker (cores - 1), which left a core idle here; the
          // 14 slowest unit files took 93 s with two workers against 117 s with one. Beside the integration files
          // (same group, so the same worker count): the integration files' waits on their backends leave room.
          maxWorkers: 2,
          // A worker's files share its loaded modules instead of importing them afresh per file (no file mocks a
          // module): the unit files took 131 s against 253 s, most of it imports.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 0 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at a time, each worker on a shared backend of its own (global-setup.ts, SHARED_BACKENDS).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 2 },
          // One seeded backend built per run; each suite's browser mode starts from a copy of it.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: each owns its browser mode (own backend, random ports) and its Chromium, and most of a
          // file's time is spent waiting on them, so a second file fills the other core.
          maxWorkers: 2,
          // As the unit files: Playwright, axe and the support modules loaded once per worker, not once per file
          // (4 files' imports 27 s against 53 s under load).
          isolate: false,
        },
      },
      {
        test: {
          name: 'electron',
          sequence: { groupOrder: 3 },
          include: ['tests/electron/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
