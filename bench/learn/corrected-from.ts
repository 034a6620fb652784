/**
 * A corpus whose gold is what a person leaves after correcting one strategy's result, to measure
 * the training option strategyCuts (issue 33): a model trained on such corrections may learn to
 * copy the strategy they started from.
 *
 *   npx tsx bench/learn/corrected-from.ts --corpus PATH --strategy texttiling --left 0.5 --out DIR
 *
 * The person starts from the strategy's cuts: one within --near characters of a gold boundary is
 * moved onto it, every gold boundary still missing is added, and each of the strategy's other
 * cuts is left where it is with probability --left (not looked at closely), removed otherwise.
 * Seeded, so the same options give the same corpus. Train on it with `cli train --corpus DIR`
 * and score on documents it never saw (`bench quality --model-file`).
 */
import { describeDocument } from '../../shared/document/document-info';
import { seededRandom } from '../../shared/util/seeded-random';
import { describeFlags, parseArgs } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';
import { resolveCorpus } from '../../electron/corpus/resolve-corpus';
import { writeCorpus } from '../../electron/corpus/corpus-files';
import { runStrategy } from '../../electron/services/strategies/run-strategy';
import type { BuiltCorpus } from '../../electron/corpus/types';

const SPEC = {
  corpus: { type: 'string', valueName: 'PATH', description: 'the corpus whose gold the person aims at' },
  strategy: { type: 'string', valueName: 'NAME', description: 'the strategy the corrections start from (default texttiling)' },
  left: { type: 'number', description: "share of the strategy's wrong cuts left in place (default 0.5)" },
  near: { type: 'int', min: 0, description: 'a cut this close to a gold boundary is moved onto it (default 80)' },
  out: { type: 'string', valueName: 'DIR', description: 'where to write the corpus' },
} as const;

/** The boundaries a person leaves after correcting `cuts` towards `gold`. */
export function correctedFrom(cuts: readonly number[], gold: readonly number[], near: number, left: number, random: () => number): number[] {
  const out = new Set<number>();
  const matched = new Set<number>();
  for (const cut of cuts) {
    const target = gold.find((g) => Math.abs(g - cut) <= near && !matched.has(g));
    if (target !== undefined) {
      matched.add(target);
      out.add(target);
    } else if (random() < left) out.add(cut);
  }
  for (const g of gold) out.add(g);
  return [...out].sort((a, b) => a - b);
}

async function main(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(`usage: npx tsx bench/learn/corrected-from.ts [options]\n\n${describeFlags(SPEC)}\n`);
    return 0;
  }
  if (!flags.corpus || !flags.out) throw new UserInputError('needs --corpus PATH and --out DIR');
  const strategy = flags.strategy ?? 'texttiling';
  const left = flags.left ?? 0.5;
  const near = flags.near ?? 80;
  const corpus = resolveCorpus(flags.corpus);
  const random = seededRandom(7);
  let kept = 0;
  let gold = 0;
  const documents: BuiltCorpus['documents'] = [];
  for (const d of corpus.documents) {
    const result = await runStrategy({ text: d.text, info: describeDocument(`${d.id}.txt`, d.text), strategy, options: {} });
    const boundaries = correctedFrom(result.segmentation.boundaries, d.boundaries, near, left, random);
    kept += boundaries.length - d.boundaries.length;
    gold += d.boundaries.length;
    const sources = corpus.manifest.documents.find((m) => m.id === d.id)?.sources ?? [];
    documents.push({ id: d.id, text: d.text, boundaries, sources });
  }
  const built: BuiltCorpus = {
    name: corpus.manifest.name,
    description: `${corpus.manifest.description} Gold: corrections that started from ${strategy} (${left} of its wrong cuts left, cuts within ${near} chars moved onto gold).`,
    seed: corpus.manifest.seed,
    documents,
  };
  writeCorpus(flags.out, built, ['npx tsx bench/learn/corrected-from.ts', ...argv].join(' '));
  process.stdout.write(`${documents.length} documents, ${gold} gold boundaries, ${kept} of ${strategy}'s wrong cuts left in -> ${flags.out}\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`error: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}\n`);
  process.exitCode = err instanceof UserInputError ? 2 : 1;
}
