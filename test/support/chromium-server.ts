/**
 * vitest's globalSetup: one Chromium for the whole run. Every e2e file connects to it
 * (test/e2e/support/browser.ts, `sharedChromium`) and opens its own browser context, so a file
 * pays a connection, not a browser start, and parallel files share one browser process tree.
 * Without Debian's Chromium nothing is started: the e2e files then fail with the install hint.
 */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint; empty when none was started. */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    project.provide('chromiumWsEndpoint', '');
    return async () => {};
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
