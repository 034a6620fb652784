/**
 * The command line: `npm run --silent cli -- <command> ...`. Each command lives in its own module,
 * loaded only when used so that `eval` never pays for llama.cpp start-up.
 */
import { UserError } from '../../shared/errors';
import { UserInputError } from './errors';
import { hostSettingsFromEnvironment } from '../services/host/settings';
import { errorMessage } from '../../shared/text/error-message';
import { firstLine } from '../../shared/text/first-line';
import { oneLine } from '../../shared/text/one-line';

type Command = (argv: string[]) => Promise<number | void>;

const commands: Record<string, () => Promise<{ default: Command }>> = {
  segment: () => import('./commands/segment'),
  eval: () => import('./commands/eval'),
  convert: () => import('./commands/convert'),
  models: () => import('./commands/models'),
  serve: () => import('./commands/serve'),
  train: () => import('./commands/train'),
};

const usage = `usage: cli <command> [options]

commands:
  segment FILE   segment a document (model-free or model strategies)
  eval           compare a predicted segmentation with a gold one
  convert FILE   convert a segmentation between formats
  models         list, pull, import, convert and check models
  serve          serve the workbench UI on 127.0.0.1
  train          train the learned strategy on a workspace's corrections or a corpus`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) throw new UserInputError('no command given (try --help)');
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage + '\n');
    return 0;
  }
  const load = commands[name];
  if (!load) throw new UserInputError(`unknown command '${name}' (try --help)`);
  const command = (await load()).default;
  return (await command(rest)) ?? 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UserError) {
      // A person's mistake is said in one line, whole: a name holding a newline is escaped, not cut at.
      process.stderr.write(`error: ${oneLine(errorMessage(err))}${err.cliHint ? `; ${err.cliHint}` : ''}\n`);
      process.exitCode = 2;
    } else {
      // An unexpected failure is still one line for the user; the stack only on request.
      process.stderr.write(`error: ${oneLine(firstLine(err))}\n`);
      if (hostSettingsFromEnvironment().debug) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
      process.exitCode = 1;
    }
  },
);
