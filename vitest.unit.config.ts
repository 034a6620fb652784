/**
 * `npm run test:unit`: the fast answers — shared/, the renderer's logic, the pure electron
 * services and the declaration tests — without llama.cpp, Chromium, a built renderer or a spawned
 * CLI. Threads, not forks: none of these holds a native handle. (Not mergeConfig: it would
 * append these globs to the full suite's instead of replacing them.)
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

export default defineConfig({
  test: {
    ...base.test,
    include: ['shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'test/declarations/**/*.test.ts'],
    // These load node-llama-cpp (a real tokenizer or embedding model): the full suite runs them.
    exclude: ['electron/services/tokenizer/token-counter.test.ts', 'electron/services/learn/embeddings.test.ts', 'electron/services/learn/train-workspace.test.ts', '**/node_modules/**'],
    pool: 'threads',
    // Both cores (vitest's default on two is one worker); the order of the full suite is not needed.
    maxWorkers: 2,
    sequence: {},
    // Nothing here starts the CLI: no bundle to build.
    globalSetup: [],
  },
});
