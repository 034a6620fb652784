/**
 * The benchmarks' own entry, apart from the product: `npm run --silent bench -- <quality|speed|learn> ...`
 * (tsx, from the sources). The installed command (dist/cli, `segment-workbench`) has no bench
 * command and imports none of this, nor the peers it measures against (LangChain, chonkie:
 * devDependencies). Each sub-command loads only what it needs, so `bench quality` on model-free
 * strategies never starts llama.cpp. Errors a person can fix: `error: ...`, exit 2, as in the CLI.
 */
import { UserError } from '../shared/errors';
import { UserInputError } from '../electron/cli/errors';
import { firstLine } from '../shared/text/first-line';

const usage = `usage: npm run --silent bench -- <quality|speed|learn> [options]

  quality --corpus NAME|PATH   segmentation quality, time, embedding size and retrieval per strategy
  speed                        head locator, model-free strategies, model pipeline and UI timings
  learn --corpus NAME|PATH     learning curve of the learned strategy beside texttiling, c99, structural

Run 'npm run --silent bench -- quality --help' (or speed, learn) for the options.
`;

/** `speed-child`: bench speed starts this entry again to time one splitter in a fresh process (not in the help). */
export async function bench(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h') {
    process.stdout.write(usage);
    return sub ? 0 : 2;
  }
  if (sub === 'quality') return (await import('./quality/cli')).qualityCommand(rest);
  if (sub === 'speed') return (await import('./speed/cli')).speedCommand(rest);
  if (sub === 'learn') return (await import('./learn/cli')).learnCommand(rest);
  if (sub === 'speed-child') {
    await (await import('./speed/fresh-process')).serveOneRequest();
    return 0;
  }
  throw new UserInputError(`unknown bench command '${sub}' (quality, speed or learn)`);
}

bench(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`error: ${firstLine(err)}\n`);
    if (!(err instanceof UserError) && process.env.WORKBENCH_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    process.exitCode = err instanceof UserError ? 2 : 1;
  },
);
