/**
 * Builds the benchmark corpora from text that installed npm packages ship:
 *
 *   npm run corpora                      # all four, full size, into corpora/ (git-ignored)
 *   npm run corpora -- --corpus novel --seed 7 --limit 10
 *   npm run corpora -- --sample          # the small committed sample in test/fixtures/corpus-sample/
 *
 *   npm run corpora -- --corpus tech-docs --from DIR --out DIR   # from other packages' Markdown (held out)
 *
 * The same seed and options always give byte-identical files.
 */
import { join } from 'node:path';
import { parseArgs, describeFlags } from '../electron/cli/args';
import { UserInputError } from '../electron/cli/errors';
import { buildCorpus, DEFAULT_SEED, FULL_SIZE, REPO_NODE_MODULES, SAMPLE_SIZE } from '../bench/corpus/build';
import { writeCorpus } from '../electron/corpus/corpus-files';
import { CORPUS_NAMES } from '../electron/corpus/types';
import { firstLine } from '../shared/text/first-line';
import { errorMessage } from '../shared/text/error-message';

const SPEC = {
  corpus: { type: 'enum', values: [...CORPUS_NAMES, 'all'], description: 'which corpus to build (default all)' },
  seed: { type: 'string', valueName: 'SEED', description: `PRNG seed (default ${DEFAULT_SEED})` },
  limit: { type: 'int', min: 1, description: 'at most this many documents per corpus' },
  'max-chars': { type: 'int', min: 200, description: 'documents stop growing before this many characters' },
  out: { type: 'string', valueName: 'DIR', description: 'output folder (default corpora/, or test/fixtures/corpus-sample/ with --sample)' },
  sample: { type: 'boolean', description: 'build the small committed sample' },
  from: { type: 'string', valueName: 'DIR', description: "read packages from this node_modules-like folder instead of the repository's (held-out corpora)" },
} as const;

const SAMPLE_DIR = 'test/fixtures/corpus-sample';

function main(argv: string[]): number {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(`usage: npm run corpora -- [options]\n\n${describeFlags(SPEC)}\n`);
    return 0;
  }
  const names = !flags.corpus || flags.corpus === 'all' ? CORPUS_NAMES : [flags.corpus];
  const seed = flags.seed ?? DEFAULT_SEED;
  const out = flags.out ?? (flags.sample ? SAMPLE_DIR : 'corpora');
  for (const name of names) {
    const size = (flags.sample ? SAMPLE_SIZE : FULL_SIZE)[name];
    const limit = flags.limit ?? size.limit;
    const maxChars = flags['max-chars'] ?? size.maxChars;
    const started = performance.now();
    let corpus;
    try {
      corpus = buildCorpus(name, { seed, limit, maxChars, nodeModules: flags.from ?? REPO_NODE_MODULES });
    } catch (err) {
      // Builders fail only on their inputs (options, installed packages); the folder is untouched.
      throw new UserInputError(`corpus ${name}: ${errorMessage(err)}`);
    }
    if (corpus.documents.length === 0) throw new UserInputError(`corpus ${name}: no document fits --max-chars ${maxChars}`);
    const command = flags.sample
      ? `npm run corpora -- --sample --corpus ${name}${flags.seed ? ` --seed ${seed}` : ''}`
      : `npm run corpora -- --corpus ${name} --seed ${seed} --limit ${limit} --max-chars ${maxChars}${flags.from ? ` --from ${flags.from}` : ''}`;
    const dir = join(out, name);
    const manifest = writeCorpus(dir, corpus, command);
    const chars = manifest.documents.reduce((s, d) => s + d.chars, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${name}: ${manifest.documents.length} documents, ${chars} chars, ${manifest.licenses.length} source packages -> ${dir} (${seconds} s)\n`);
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`error: ${firstLine(err)}\n`);
  process.exitCode = err instanceof UserInputError ? 2 : 1;
}
