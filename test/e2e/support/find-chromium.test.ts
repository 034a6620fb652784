import { describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium';

describe('finding a Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH first, and refuses one that is not there', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/my/chrome' }, 'linux', (p) => p === '/opt/my/chrome')).toBe('/opt/my/chrome');
    expect(() => findChromium({ CHROMIUM_PATH: '/nowhere/chrome' }, 'linux', () => false)).toThrow('CHROMIUM_PATH names /nowhere/chrome, which does not exist');
  });

  it("looks at Debian's Chromium, then Google Chrome, on each platform", () => {
    expect(findChromium({}, 'linux', (p) => p === '/usr/bin/chromium' || p === '/usr/bin/google-chrome')).toBe('/usr/bin/chromium');
    expect(findChromium({}, 'linux', (p) => p === '/usr/bin/google-chrome')).toBe('/usr/bin/google-chrome');
    expect(findChromium({}, 'darwin', (p) => p.startsWith('/Applications/Google Chrome.app'))).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(findChromium({}, 'linux', () => false)).toBeNull();
  });
});
