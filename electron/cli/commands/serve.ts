/**
 * `cli serve`: the workbench in a browser. Prints exactly one line on stdout, the URL with its
 * token; everything else goes to stderr. Stops cleanly on Ctrl+C or SIGTERM.
 */
import path from 'node:path';
import { remoteSettingsFromEnvironment } from '../../services/inference/remote/settings';
import { fileURLToPath } from 'node:url';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { UserInputError } from '../errors';
import { serveWorkbench, stopOnSignals } from '../../web-host/serve-workbench';

const spec = {
  port: { type: 'int', min: 0, max: 65535, description: 'port on 127.0.0.1 (default 0: any free port)' },
  host: { type: 'string', description: 'only 127.0.0.1 (or localhost): the workbench never listens beyond this machine' },
  workspace: { type: 'string', description: 'work on this workspace folder' },
  'models-dir': { type: 'string', description: 'where models live (default models/)' },
  profiles: { type: 'string', description: 'strategy profiles folder (default resources/profiles)' },
} as const satisfies FlagSpecs;

const usage = `usage: cli serve [options]

Serves the workbench UI and its services on 127.0.0.1 and prints the URL to open (with its
access token). From another machine, forward the port over SSH: ssh -L PORT:127.0.0.1:PORT host.

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
  // Model strategies resolve files through the same locations (electron/services/inference/paths).
  if (flags['models-dir']) process.env.WORKBENCH_MODELS_DIR = path.resolve(flags['models-dir']);
  if (flags.profiles) process.env.WORKBENCH_PROFILES_DIR = path.resolve(flags.profiles);
  const served = await serveWorkbench({
    port: flags.port ?? 0,
    rootDir: repoRoot,
    workspaceDir: flags.workspace,
    modelsDir: flags['models-dir'],
    profilesDir: flags.profiles,
    // Inference servers for the remote backend: read here, once, and passed down as settings.
    remote: remoteSettingsFromEnvironment(process.env),
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new UserInputError(`port ${flags.port} is already in use (try --port 0)`);
    if (err.code === 'EACCES') throw new UserInputError(`not allowed to listen on port ${flags.port}`);
    throw err;
  });
  if (!served.host.rendererBuilt) {
    process.stderr.write('serve: renderer/dist is missing, so the page will only say so: run `npm run build:renderer` first\n');
  }
  process.stdout.write(served.host.url + '\n');
  await stopOnSignals(served);
  return 0;
}
