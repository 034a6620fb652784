/**
 * Where the browser tests find a Chromium (issue 31): `CHROMIUM_PATH` when set (or the older
 * `WORKBENCH_CHROMIUM`), else Debian's or Ubuntu's Chromium, else Google Chrome or Chromium where
 * Linux, macOS and Windows install them, else Playwright's own download. None: `null`, and
 * `NO_CHROMIUM_HINT` is the one line that says how to get one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const NO_CHROMIUM_HINT =
  'no Chromium for the browser tests: set CHROMIUM_PATH to a Chrome or Chromium binary, or install one ' +
  "(Debian/Ubuntu: 'sudo apt-get install chromium'; macOS: Google Chrome from google.com/chrome; or 'npx playwright install chromium')";

/** The places looked at, in order, after the settings. */
export function chromiumCandidates(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  const programFiles = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((d): d is string => Boolean(d));
  const installed =
    platform === 'darwin'
      ? ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium']
      : platform === 'win32'
        ? programFiles.map((d) => join(d, 'Google', 'Chrome', 'Application', 'chrome.exe'))
        : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/opt/google/chrome/chrome'];
  let playwrights: string[] = [];
  try {
    playwrights = [chromium.executablePath()];
  } catch {
    // This playwright-core knows no download for the platform.
  }
  return [...installed, ...playwrights];
}

/**
 * The Chromium to drive, or null. A setting naming a file that is not there is an error of its
 * own (the person meant that one), in one line.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, exists: (path: string) => boolean = existsSync): string | null {
  const set = env.CHROMIUM_PATH || env.WORKBENCH_CHROMIUM;
  if (set) {
    if (!exists(set)) throw new Error(`CHROMIUM_PATH names ${set}, which does not exist`);
    return set;
  }
  return chromiumCandidates(env, platform).find((path) => exists(path)) ?? null;
}
