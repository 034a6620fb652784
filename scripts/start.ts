/**
 * `npm start`: builds the renderer (when missing or older than its sources) and the Electron
 * bundle, then opens the desktop app on the
 * bundled sample (the renderer opens it on start-up and segments it with the default strategy,
 * in the window and in a browser alike). Where Electron cannot start (its binary was never downloaded, or there is no
 * display), it says why in one line and serves the same workbench on 127.0.0.1 instead, printing
 * the URL to open. Build output goes to stderr; stdout carries only those lines.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../electron/cli/args';
import { budgetFlags, budgetsFromFlags } from '../electron/argv/budgets';
import { UserError } from '../shared/errors';
import { firstLine } from '../shared/text/first-line';
import { BUDGET_NAMES, BUDGET_SPECS, DEFAULT_BUDGETS, type Budgets } from '../shared/budgets/budgets';
import { ensureRendererBuilt } from '../electron/web-host/renderer-build';
import { serveWorkbench, stopOnSignals } from '../electron/web-host/serve-workbench';
import { buildElectron } from './build-electron';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LaunchProbe {
  /** What `require('electron')` gives: the binary's path; throws when it was never downloaded. */
  resolveBinary: () => unknown;
  exists: (path: string) => boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

const realProbe: LaunchProbe = {
  resolveBinary: () => createRequire(import.meta.url)('electron'),
  exists: existsSync,
  env: process.env,
  platform: process.platform,
};

/** Why Electron cannot start on this machine, or null (with the binary) when it can. */
export function probeElectron(probe: LaunchProbe = realProbe): { binary: string } | { reason: string } {
  let binary: unknown;
  try {
    binary = probe.resolveBinary();
  } catch (err) {
    return { reason: `no Electron binary: ${firstLine(err)}` };
  }
  if (typeof binary !== 'string' || !probe.exists(binary)) return { reason: `no Electron binary at ${String(binary)}` };
  if (probe.platform === 'linux' && !probe.env.DISPLAY && !probe.env.WAYLAND_DISPLAY) {
    return { reason: 'no display: neither DISPLAY nor WAYLAND_DISPLAY is set' };
  }
  return { binary };
}

/** The budgets raised on `npm start`'s command line, as the desktop app reads them (electron/main). */
export function budgetArgs(budgets: Budgets): string[] {
  return BUDGET_NAMES.filter((name) => budgets[name] !== DEFAULT_BUDGETS[name]).flatMap((name) => [`--${BUDGET_SPECS[name].flag}`, String(budgets[name])]);
}

async function launchElectron(binary: string, args: readonly string[]): Promise<number> {
  const child = spawn(binary, [root, ...args], { cwd: root, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

async function main(argv: string[]): Promise<number> {
  const { flags } = parseArgs(argv, { port: { type: 'int', min: 0, max: 65535 }, ...budgetFlags(BUDGET_NAMES) });
  const budgets = budgetsFromFlags(flags);
  await ensureRendererBuilt(root, { onBuild: (reason) => process.stderr.write(`building the renderer (${reason})…\n`) });
  process.stderr.write('building the Electron bundle…\n');
  await buildElectron();

  const probe = probeElectron();
  if ('binary' in probe) return launchElectron(probe.binary, budgetArgs(budgets));
  process.stdout.write(`Electron cannot start here (${probe.reason}); serving the workbench instead:\n`);
  const served = await serveWorkbench({ port: flags.port ?? 0, rootDir: root, budgets });
  process.stdout.write(served.host.url + '\n');
  await stopOnSignals(served);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      // A flag the person got wrong is theirs to fix, as on the CLI: one `error:` line, exit 2.
      if (err instanceof UserError) {
        process.stderr.write(`error: ${firstLine(err)}\n`);
        process.exitCode = 2;
        return;
      }
      process.stderr.write(`start: ${firstLine(err)}\n`);
      process.exitCode = 1;
    },
  );
}
