/**
 * `cli serve`: the workbench in a browser. Builds the renderer first when renderer/dist is missing
 * or older than its sources. Prints exactly one line on stdout, the URL with its token; everything
 * else (the build's output too) goes to stderr. Stops cleanly on Ctrl+C or SIGTERM.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { echoLlamaLogs } from '../../services/platform/llama-log';
import { hostSettingsFromEnvironment, runSettingsOf } from '../../services/host/settings';
import { fileURLToPath } from 'node:url';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { budgetFlags, budgetsFromFlags } from '../../argv/budgets';
import { UserInputError } from '../errors';
import { WorkspaceStore } from '../../services/workspace/workspace-store';
import { ensureRendererBuilt } from '../../web-host/renderer-build';
import { serveWorkbench, stopOnSignals } from '../../web-host/serve-workbench';

const spec = {
  port: { type: 'int', min: 0, max: 65535, description: 'port on 127.0.0.1 (default 0: any free port)' },
  host: { type: 'string', description: 'only 127.0.0.1 (or localhost): the workbench never listens beyond this machine' },
  workspace: { type: 'string', valueName: 'DIR', description: 'work on this workspace folder (new folders: empty or not there yet)' },
  'allow-dir': {
    type: 'string',
    repeatable: true,
    valueName: 'DIR',
    description: 'let the page open files, import folders and models, and open workspaces inside DIR (repeatable; the workspace is always allowed)',
  },
  'models-dir': { type: 'string', description: 'where models live (default models/)' },
  profiles: { type: 'string', description: 'strategy profiles folder (default resources/profiles)' },
  ...budgetFlags(['inputBytes', 'expandedChars', 'nestingDepth', 'pdfPages', 'readSeconds', 'readMemoryMb', 'segments']),
} as const satisfies FlagSpecs;

const usage = `usage: cli serve [options]

Serves the workbench UI and its services on 127.0.0.1 and prints the URL to open (with its
access token). Builds the UI first (npm run build:renderer) when it is missing or older than
its sources. From another machine, forward the port over SSH: ssh -L PORT:127.0.0.1:PORT host.
The page reaches files by path only inside --workspace and --allow-dir folders; it can always
upload a document from the browser.

${describeFlags(spec)}`;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export default async function serve(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, spec);
  if (help) {
    process.stdout.write(usage + '\n');
    return 0;
  }
  if (flags.host !== undefined && flags.host !== '127.0.0.1' && flags.host !== 'localhost') {
    throw new UserInputError(`--host must be 127.0.0.1: the workbench only listens on this machine (got '${flags.host}')`);
  }
  if (flags.workspace !== undefined) {
    // Refused now, with exit 2, rather than on the page's first workspace call.
    await WorkspaceStore.check(flags.workspace).catch((err: Error) => {
      throw new UserInputError(`--workspace: ${err.message}`);
    });
  }
  for (const dir of flags['allow-dir'] ?? []) {
    const stat = await fs.stat(dir).catch(() => null);
    if (!stat?.isDirectory()) throw new UserInputError(`--allow-dir ${dir} is not a folder`);
  }
  await ensureRendererBuilt(repoRoot, {
    onBuild: (reason) =>
      process.stderr.write(`serve: renderer/dist is ${reason === 'missing' ? 'missing' : 'older than its sources'}: building it (npm run build:renderer)…\n`),
  });
  // The environment is read here, once; the service gets the settings passed down.
  const host = hostSettingsFromEnvironment();
  echoLlamaLogs(host.debug);
  const served = await serveWorkbench({
    port: flags.port ?? 0,
    rootDir: repoRoot,
    workspaceDir: flags.workspace,
    allowedDirs: flags['allow-dir'] ?? [],
    // Passed down to the service, its runs and its model manager.
    modelsDir: flags['models-dir'] === undefined ? undefined : path.resolve(flags['models-dir']),
    profilesDir: flags.profiles === undefined ? undefined : path.resolve(flags.profiles),
    budgets: budgetsFromFlags(flags),
    remote: host.remote ?? null,
    settings: runSettingsOf(host),
    hub: host.hub,
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new UserInputError(`port ${flags.port} is already in use (try --port 0)`);
    if (err.code === 'EACCES') throw new UserInputError(`not allowed to listen on port ${flags.port}`);
    throw err;
  });
  process.stdout.write(served.host.url + '\n');
  await stopOnSignals(served);
  return 0;
}
