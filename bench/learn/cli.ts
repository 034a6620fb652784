/**
 * `bench learn --corpus NAME|PATH [--limit N] [--embedding-model FILE] [--json] [--out DIR]`: the
 * learning curve of the `learned` strategy beside texttiling, c99 and structural (with the
 * embedding features when an embedding model is given); prints a table and writes learn.json
 * and learn.html next to the quality report (corpora/reports/NAME/ by default).
 */
import { join, resolve } from 'node:path';
import { describeDocument } from '../../shared/document/document-info';
import { EMBEDDING_MODEL_FLAGS, TRAINING_OPTION_FLAGS, trainingOptionsFromFlags } from '../../electron/cli/learn-flags';
import { prepareDocuments } from '../../electron/services/workspace/train-workspace';
import { describeFlags, parseArgs } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';
import { machineInfo } from '../machine';
import { CORPORA_DIR, resolveCorpus } from '../../electron/corpus/resolve-corpus';
import { runStrategy } from '../../electron/services/strategies/run-strategy';
import { learningCurve } from './learning-curve';
import { learnHtml, learnTable, type LearnReport } from './present';
import { writeReport } from '../report/write-report';

/** The model-free strategies the curve is set beside. */
export const BASELINES = ['texttiling', 'c99', 'structural'] as const;

const SPEC = {
  corpus: { type: 'string', valueName: 'NAME|PATH', description: 'novel, speeches, tech-docs (built in corpora/) or a corpus folder' },
  limit: { type: 'int', min: 2, description: 'only the first N documents' },
  json: { type: 'boolean', description: 'print the report as JSON on stdout instead of the table' },
  ...EMBEDDING_MODEL_FLAGS,
  ...TRAINING_OPTION_FLAGS,
  out: { type: 'string', valueName: 'DIR', description: `folder for learn.json and learn.html (default ${CORPORA_DIR}/reports/NAME)` },
} as const;

export const LEARN_USAGE = `usage: npm run --silent bench -- learn --corpus NAME|PATH [options]\n\n${describeFlags(SPEC)}\n`;

export async function learnCommand(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(LEARN_USAGE);
    return 0;
  }
  if (!flags.corpus) throw new UserInputError('bench learn needs --corpus NAME|PATH');
  const corpus = resolveCorpus(flags.corpus, flags.limit);
  if (corpus.documents.length < 2) throw new UserInputError(`corpus ${corpus.dir} needs at least 2 documents to train on one and test on another`);
  const progress = process.stderr.isTTY ? (message: string) => process.stderr.write(`\r${message}   `) : () => {};

  const started = performance.now();
  const documents = await prepareDocuments(
    corpus.documents.map((d) => ({ name: `${d.id}.txt`, text: d.text, boundaries: d.boundaries })),
    flags['embedding-model'],
    { onDocument: (i) => progress(`features: document ${i + 1}/${corpus.documents.length}`) },
  );
  const featureSeconds = (performance.now() - started) / 1000;
  const baselines: Record<string, number[][]> = {};
  for (const name of BASELINES) {
    baselines[name] = [];
    for (const d of corpus.documents) {
      const result = await runStrategy({ text: d.text, info: describeDocument(`${d.id}.txt`, d.text), strategy: name, options: {} });
      baselines[name].push([...result.segmentation.boundaries]);
    }
  }
  const curve = learningCurve({ documents, baselines, training: trainingOptionsFromFlags(flags) }, (k, seed) => progress(`training on ${k}, split ${seed}`));
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');

  const report: LearnReport = {
    corpus: { name: corpus.manifest.name, dir: corpus.dir, documents: corpus.documents.length, seed: corpus.manifest.seed },
    embeddingModel: documents[0]?.embedding?.name ?? null,
    featureSeconds,
    curve,
    machine: machineInfo(),
    date: new Date().toISOString(),
    command: ['npm run --silent bench -- learn', ...argv].join(' '),
  };
  const out = resolve(flags.out ?? join(CORPORA_DIR, 'reports', corpus.manifest.name));
  writeReport(out, 'learn', report, { html: learnHtml(report), table: learnTable(report), json: flags.json });
  return 0;
}
