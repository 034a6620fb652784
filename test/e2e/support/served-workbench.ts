/**
 * What every e2e file starts with: `cli serve` in a child process, a connection to the run's
 * Chromium, and one workbench page on the served URL. `close()` undoes all three, in reverse; a failed start undoes what
 * had started before it rethrows, so no server or browser outlives its test file.
 */
import type { Browser } from 'playwright-core';
import { connectChromium } from './browser';
import { startServe, type ServeHandle, type ServeOptions } from './serve';
import { openWorkbench, type WorkbenchSession } from './session';

export interface ServedWorkbench {
  session: WorkbenchSession;
  close(): Promise<void>;
}

/** In a test file: the run's shared Chromium. vitest is imported here only, so a benchmark that
 *  passes its own `launchBrowser` runs without the test runner. */
async function sharedChromium(): Promise<Browser> {
  const { inject } = await import('vitest');
  return connectChromium(inject('chromiumWsEndpoint'));
}

export async function openServedWorkbench(options: ServeOptions & { launchBrowser?: () => Promise<Browser> } = {}): Promise<ServedWorkbench> {
  let serve: ServeHandle | undefined;
  let browser: Browser | undefined;
  let session: WorkbenchSession | undefined;
  const close = async () => {
    await session?.close();
    await browser?.close();
    await serve?.stop();
  };
  try {
    serve = await startServe(options);
    browser = await (options.launchBrowser ?? sharedChromium)();
    session = await openWorkbench(browser, serve.url);
    return { session, close };
  } catch (err) {
    await close();
    throw err;
  }
}
