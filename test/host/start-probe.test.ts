import { describe, expect, it } from 'vitest';
import { budgetsFromArgv } from '../../electron/argv/budgets';
import { DEFAULT_BUDGETS } from '../../shared/budgets/budgets';
import { budgetArgs, probeElectron, type LaunchProbe } from '../../scripts/start';

const withBinary: LaunchProbe = {
  resolveBinary: () => '/opt/electron/electron',
  exists: (p) => p === '/opt/electron/electron',
  env: { DISPLAY: ':0' },
  platform: 'linux',
};

describe('npm start: can Electron start here?', () => {
  it('says why when the binary was never downloaded (as on this machine)', () => {
    const here = probeElectron();
    expect(here).toMatchObject({ reason: expect.stringMatching(/^no Electron binary/) });
  });

  it('says why when the package points at a binary that is not there', () => {
    expect(probeElectron({ ...withBinary, exists: () => false })).toEqual({ reason: 'no Electron binary at /opt/electron/electron' });
  });

  it('needs a display on Linux, X11 or Wayland', () => {
    expect(probeElectron({ ...withBinary, env: {} })).toEqual({ reason: 'no display: neither DISPLAY nor WAYLAND_DISPLAY is set' });
    expect(probeElectron({ ...withBinary, env: { WAYLAND_DISPLAY: 'wayland-0' } })).toEqual({ binary: '/opt/electron/electron' });
    expect(probeElectron(withBinary)).toEqual({ binary: '/opt/electron/electron' });
  });

  it('does not ask for DISPLAY on macOS or Windows', () => {
    expect(probeElectron({ ...withBinary, env: {}, platform: 'darwin' })).toEqual({ binary: '/opt/electron/electron' });
    expect(probeElectron({ ...withBinary, env: {}, platform: 'win32' })).toEqual({ binary: '/opt/electron/electron' });
  });
});

describe('npm start: raised budgets reach the desktop app', () => {
  it('passes only the raised ones, in the form the app reads back', () => {
    const raised = { ...DEFAULT_BUDGETS, nestingDepth: 2_000, segments: 5 };
    expect(budgetArgs(DEFAULT_BUDGETS)).toEqual([]);
    expect(budgetArgs(raised)).toEqual(['--max-depth', '2000', '--max-segments', '5']);
    expect(budgetsFromArgv(['/opt/electron/electron', '/repo', ...budgetArgs(raised)])).toEqual(raised);
  });
});
