import { defineConfig } from 'vitest/config';

import HeavyFirstSequencer from './test/support/heavy-first-sequencer';

// Forks keep native llama.cpp handles out of each other's way. Three at once on two cores: most
// slow files wait on a child process (serve, llama-server, a CLI command, Chromium) or decode
// with one llama.cpp thread, so three files keep both cores busy (vitest's default here is one).
export default defineConfig({
  test: {
    maxWorkers: 3,
    minWorkers: 1,
    sequence: { sequencer: HeavyFirstSequencer },
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    pool: 'forks',
    // One CLI bundle for every file that starts the command (test/cli/support/run-cli.ts, the
    // e2e files' serve) and one Chromium for every e2e file (test/support/chromium-server.ts).
    globalSetup: ['test/support/cli-bundle.ts', 'test/support/chromium-server.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for the page or a service to get somewhere; on 2 busy cores that can take
    // seconds. Not a timing threshold: a poll that succeeds sooner ends sooner.
    expect: { poll: { timeout: 30_000 } },
  },
});
