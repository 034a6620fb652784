/**
 * `bench quality ...` and `bench speed ...`: the benchmarks of docs/benchmarks.md. Each
 * sub-command loads only what it needs, so `bench quality` on model-free strategies never
 * starts llama.cpp.
 */
import { UserInputError } from '../errors';

const usage = `usage: cli bench <quality|speed|learn> [options]

  quality --corpus NAME|PATH   segmentation quality, time, embedding size and retrieval per strategy
  speed                        head locator, model-free strategies, model pipeline and UI timings
  learn --corpus NAME|PATH     learning curve of the learned strategy beside texttiling, c99, structural

Run 'cli bench quality --help', 'cli bench speed --help' or 'cli bench learn --help' for the options.
`;

export default async function bench(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h') {
    process.stdout.write(usage);
    return sub ? 0 : 2;
  }
  if (sub === 'quality') return (await import('../../../bench/quality/cli')).qualityCommand(rest);
  if (sub === 'speed') return (await import('../../../bench/speed/cli')).speedCommand(rest);
  if (sub === 'learn') return (await import('../../../bench/learn/cli')).learnCommand(rest);
  // Internal: bench speed starts this command again to time one splitter in a fresh process.
  if (sub === 'speed-child') {
    await (await import('../../../bench/speed/fresh-process')).serveOneRequest();
    return 0;
  }
  throw new UserInputError(`unknown bench command '${sub}' (quality, speed or learn)`);
}
