/**
 * vitest's globalSetup: one Chromium for the whole run. Every e2e file connects to it
 * (test/e2e/support/browser.ts, `sharedChromium`) and opens its own browser context, so a file
 * pays a connection, not a browser start, and parallel files share one browser process tree.
 * Without a Chromium (find-chromium.ts) a run that includes the browser tests stops here with one
 * line saying how to get one, instead of every e2e file failing on its own; a run of other files
 * only (`vitest run test/cli`) goes on without a browser.
 */
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { NO_CHROMIUM_HINT } from '../e2e/support/find-chromium';

/** Whether this run's file filters (none: every file) include the browser tests. */
function runsBrowserTests(argv: readonly string[]): boolean {
  const filters = argv.slice(2).filter((a) => !a.startsWith('-') && a !== 'run' && !/^(unit|renderer|node)$/.test(a));
  return filters.length === 0 || filters.some((f) => f.includes('e2e'));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint; empty when none was started. */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!CHROMIUM_PATH) {
    if (runsBrowserTests(process.argv)) throw new Error(NO_CHROMIUM_HINT);
    project.provide('chromiumWsEndpoint', '');
    return async () => {};
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
