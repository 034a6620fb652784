/**
 * A Chromium driven by playwright-core: the one `findChromium` finds (CHROMIUM_PATH, Debian's,
 * Google Chrome, Playwright's download; find-chromium.ts). Here and in CI it is Debian's, from apt
 * (`.ci/run` installs it), so tests run offline; this repository never runs `npx playwright install`. In the test suite every file connects to
 * the one Chromium of the run (test/support/chromium-server.ts) and closes only its own contexts;
 * the benchmarks launch their own.
 */
import { chromium, type Browser } from 'playwright-core';
import { findChromium, NO_CHROMIUM_HINT } from './find-chromium';

/** The Chromium found, or '' when there is none (assertChromium then says how to get one). */
export const CHROMIUM_PATH = findChromium() ?? '';

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
  if (!CHROMIUM_PATH) throw new Error(NO_CHROMIUM_HINT);
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
