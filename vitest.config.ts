import { defineConfig } from 'vitest/config';

// Two cores here: forks keep native llama.cpp handles and Chromium out of each other's way.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
