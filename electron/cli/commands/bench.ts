/**
 * `bench quality ...` and `bench speed ...`: the benchmarks of docs/benchmarks.md. Each
 * sub-command loads only what it needs, so `bench quality` on model-free strategies never
 * starts llama.cpp.
 */
import { UserInputError } from '../errors';

const usage = `usage: cli bench <quality|speed> [options]

  quality --corpus NAME|PATH   segmentation quality, time, embedding size and retrieval per strategy
  speed                        head locator, model-free strategies, model pipeline and UI timings

Run 'cli bench quality --help' or 'cli bench speed --help' for the options.
`;

export default async function bench(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h') {
    process.stdout.write(usage);
    return sub ? 0 : 2;
  }
  if (sub === 'quality') return (await import('../../../bench/quality/cli')).qualityCommand(rest);
  if (sub === 'speed') return (await import('../../../bench/speed/cli')).speedCommand(rest);
  throw new UserInputError(`unknown bench command '${sub}' (quality or speed)`);
}
