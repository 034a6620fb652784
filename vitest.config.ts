import { defineConfig } from 'vitest/config';

import HeavyFirstSequencer from './test/support/heavy-first-sequencer';

// The unit files hold no native handle and start nothing: shared/, the pure electron services and
// the declaration tests. These load node-llama-cpp (a real tokenizer or embedding model), so the
// node project runs them.
const UNIT = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'test/declarations/**/*.test.ts'];
const NATIVE = ['electron/services/tokenizer/token-counter.test.ts', 'electron/services/learn/embeddings.test.ts', 'electron/services/workspace/train-workspace.test.ts'];
const RENDERER = ['renderer/**/*.test.{ts,tsx}'];

// Three projects. `npm run test:unit` is the first two (`--project unit --project renderer`).
// - unit: threads sharing their modules (the threads pool is not isolated). These modules keep no
//   state but caches, so a file sees what a fresh import gives; a new worker per file took 2.5
//   times the CPU (shared/ alone: 31 vs 15 s).
// - renderer: forks, a process per file: the stores and services are module state by design.
// - node: forks, keeping native llama.cpp handles out of each other's way.
// vitest 3 makes one pool of each kind for the whole run, so isolation is set per pool, not per project.
// Three files at once on two cores: most slow files wait on a child process (serve, llama-server,
// a CLI command, Chromium) or decode with one llama.cpp thread, so three keep both cores busy.
export default defineConfig({
  test: {
    maxWorkers: 3,
    // As many from the start: a pool that shrinks idle threads, tinypool's idle timeout, races
    // vitest's recycling of the unit threads and leaves an unhandled "Terminating worker thread".
    minWorkers: 3,
    sequence: { sequencer: HeavyFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for the page or a service to get somewhere; on 2 busy cores that can take
    // seconds. Not a timing threshold: a poll that succeeds sooner ends sooner.
    expect: { poll: { timeout: 30_000 } },
    poolOptions: { threads: { isolate: false }, forks: { isolate: true } },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: NATIVE, pool: 'threads' } },
      { extends: true, test: { name: 'renderer', include: RENDERER, pool: 'forks' } },
      {
        extends: true,
        test: {
          name: 'node',
          include: [...NATIVE, 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['test/declarations/**', '**/node_modules/**'],
          pool: 'forks',
          // One CLI bundle for every file that starts the command (test/cli/support/run-cli.ts, the
          // e2e files' serve) and one Chromium for every e2e file (test/support/chromium-server.ts).
          globalSetup: ['test/support/cli-bundle.ts', 'test/support/chromium-server.ts'],
        },
      },
    ],
  },
});
