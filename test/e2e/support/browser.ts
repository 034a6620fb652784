/**
 * Debian's Chromium, driven by playwright-core. Never `npx playwright install`: the browser comes
 * from apt (`.ci/run` installs it), so tests run offline. In the test suite every file connects to
 * the one Chromium of the run (test/support/chromium-server.ts) and closes only its own contexts;
 * the benchmarks launch their own.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.WORKBENCH_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install it with 'apt-get install chromium' or set WORKBENCH_CHROMIUM`);
  }
}

/** A Chromium of the caller's own (the benchmarks). */
export async function launchChromium(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A connection to the run's shared Chromium, given its endpoint (vitest's `inject`); closing it
 * closes this connection's contexts, not the browser. Launches one when there is no endpoint.
 */
export async function connectChromium(wsEndpoint: string): Promise<Browser> {
  assertChromium();
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchChromium();
}
