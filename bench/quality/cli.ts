/**
 * `bench quality --corpus NAME|PATH [--strategies a,b,c] [--limit N] [--json] [--out DIR]`:
 * runs each strategy over a corpus and prints the seed's figures next to Pk, WindowDiff,
 * boundary F1 and the BM25 retrieval check; writes the same figures as quality.json and
 * quality.html (bar charts) into --out. With --model-file (from `cli train`) the `learned`
 * strategy is measured too, and the report says how many of the corpus's documents it learned
 * from (their figures are not held out; `bench learn` measures on unseen documents only).
 */
import { join, resolve } from 'node:path';
import { describeFlags, parseArgs } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';
import { runStrategy, type StrategyOptions } from '../../electron/services/strategies/run-strategy';
import { hostSettingsFromEnvironment, runSettingsOf } from '../../electron/services/host/settings';
import { retrievalCheck } from '../retrieval/check';
import { DECODING_MODES, GPU_CHOICES } from '../../shared/strategies/run-options';
import { optionsNamed, SHARED_OPTION_DECLARATIONS } from '../../shared/strategies/shared-options';
import { refuseLocalOnlyFlags, sharedOptionFlags, sharedOptionsFromFlags } from '../../electron/cli/shared-option-flags';
import { localDocumentsAtOnce } from '../../electron/services/native/parallel';
import { CHUNK_FLAGS, chunkOptionsFromFlags } from '../../electron/cli/chunk-flags';
import { addsNothing } from '../../shared/chunks';
import { chunkTokenCounter } from '../../electron/services/export/chunk-tokenizers';
import { REMOTE_FLAGS, remoteSettingsFrom } from '../../electron/cli/remote-flags';
import { displayUrl } from '../../electron/services/inference/completers/remote/settings';
import { endpointsCapacity } from '../../electron/services/inference/completers/remote/endpoint-health';
import { machineInfo } from '../machine';
import { listBenchStrategies, type BenchStrategy } from '../strategies';
import { CORPORA_DIR, resolveCorpus } from '../../electron/corpus/resolve-corpus';
import { measureStrategy, questionsFor, type QualitySettings, type StrategyRunner } from './run-quality';
import { qualityHtml, qualityTable } from './present';
import { writeReport } from '../report/write-report';
import { EMBEDDING_BYTES_PER_SEGMENT, type QualityReport, type StrategyFigures } from './types';
import { EMBEDDING_MODEL_FLAGS } from '../../electron/cli/learn-flags';
import { readLearnedModel } from '../../electron/services/learn/model-file';
import { LEARNED_STRATEGY_NAME } from '../../shared/learn/segment';
import { describeDocument } from '../../shared/document/document-info';
import type { LoadedCorpus } from '../../electron/corpus/corpus-files';
import { READERS_CORPUS_NAME } from '../readers/corpus-types';
import { isReadersCorpus, readersQuality } from '../readers/run';
import { firstLine } from '../../shared/text/first-line';

/** The shared numeric options a quality run passes to every strategy, declared in shared/strategies/shared-options.ts. */
const RUN_OPTIONS = optionsNamed(SHARED_OPTION_DECLARATIONS, ['maxChars', 'parallel']);
const RUN_FLAGS = sharedOptionFlags(RUN_OPTIONS);

const SPEC = {
  corpus: { type: 'string', valueName: 'NAME|PATH', description: 'novel, speeches, tech-docs, tech-docs-headed, readers-headings (built in corpora/) or a corpus folder' },
  'readers-from': { type: 'string', valueName: 'DIR', description: 'readers-headings: read with the electron/readers of another checkout (before/after figures)' },
  strategies: { type: 'string', valueName: 'A,B,C', description: 'comma-separated; default: every model-free strategy and every installed model one' },
  limit: { type: 'int', min: 1, description: 'only the first N documents' },
  json: { type: 'boolean', description: 'print the report as JSON on stdout instead of the table' },
  out: { type: 'string', valueName: 'DIR', description: `folder for quality.json and quality.html (default ${CORPORA_DIR}/reports/NAME)` },
  tolerance: { type: 'int', min: 0, description: 'boundary F1 tolerance in characters (default 0)' },
  questions: { type: 'int', min: 1, max: 100, description: 'retrieval questions per document (default 4)' },
  ...RUN_FLAGS,
  // A quality run is many documents: they share the engine's sequences.
  parallel: { ...RUN_FLAGS.parallel, description: `${RUN_FLAGS.parallel.description}; the corpus's documents share them` },
  mode: { type: 'enum', values: DECODING_MODES, description: 'model strategies: constrained (default) or free decoding' },
  gpu: { type: 'enum', values: GPU_CHOICES, description: 'model strategies: compute backend (default auto)' },
  'documents-at-once': { type: 'int', min: 1, description: 'model strategies on inference servers: documents sent together (default: as many as the endpoints take requests at once)' },
  'model-file': { type: 'string', valueName: 'FILE', description: 'learned: a trained model (cli train); measures learned too' },
  ...EMBEDDING_MODEL_FLAGS,
  // The retrieval check indexes each segment as the export would write it (overlap only with --chunk-overlap-inline).
  ...CHUNK_FLAGS,
  ...REMOTE_FLAGS,
} as const;

export const QUALITY_USAGE = `usage: npm run --silent bench -- quality --corpus NAME|PATH [options]\n\n${describeFlags(SPEC)}\n`;

function pickStrategies(requested: string | undefined, all: BenchStrategy[]): { run: BenchStrategy[]; skipped: QualityReport['skipped'] } {
  if (requested === undefined) {
    return {
      run: all.filter((s) => s.available),
      skipped: all.filter((s) => !s.available).map((s) => ({ strategy: s.name, reason: s.reason ?? 'not available' })),
    };
  }
  const names = requested.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new UserInputError('--strategies needs at least one name');
  const run: BenchStrategy[] = [];
  const skipped: QualityReport['skipped'] = [];
  for (const name of new Set(names)) {
    const found = all.find((s) => s.name === name);
    if (!found) throw new UserInputError(`unknown strategy '${name}' (known: ${all.map((s) => s.name).join(', ')})`);
    if (found.available) run.push(found);
    else skipped.push({ strategy: name, reason: found.reason ?? 'not available' });
  }
  return { run, skipped };
}

/** The learned model's file and how many of the corpus's documents it learned from (by name or text sha256). */
async function learnedModelInfo(file: string, corpus: LoadedCorpus): Promise<NonNullable<QualityReport['learned']>> {
  const model = await readLearnedModel(file);
  const names = new Set(model.trainedOn.map((d) => d.name));
  const hashes = new Set(model.trainedOn.flatMap((d) => (d.sha256 ? [d.sha256] : [])));
  const inCorpus = corpus.documents.filter((d) => names.has(`${d.id}.txt`) || hashes.has(describeDocument(`${d.id}.txt`, d.text).sha256)).length;
  return { modelFile: file, trainedOn: model.trainedOn.length, inCorpus, embeddingModel: model.embedding?.name ?? null };
}

function shellQuote(arg: string): string {
  return /^[\w./,:=@-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export async function qualityCommand(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPEC);
  if (help) {
    process.stdout.write(QUALITY_USAGE);
    return 0;
  }
  if (!flags.corpus) throw new UserInputError('bench quality needs --corpus NAME|PATH');
  // The readers corpus measures the readers (headings kept, page furniture gone), not the strategies.
  const readersDir = flags.corpus === READERS_CORPUS_NAME ? join(CORPORA_DIR, READERS_CORPUS_NAME) : flags.corpus;
  if (isReadersCorpus(readersDir)) return readersQuality(readersDir, { readersFrom: flags['readers-from'], json: flags.json });
  if (flags['readers-from'] !== undefined) throw new UserInputError('--readers-from applies only to the readers corpus (readers-headings)');
  if (flags.corpus === READERS_CORPUS_NAME) throw new UserInputError(`corpus '${READERS_CORPUS_NAME}' is not built yet: run npx tsx scripts/readers-corpus.ts --from DIR (see docs/cli.md)`);
  const corpus = resolveCorpus(flags.corpus, flags.limit);
  if (corpus.documents.length === 0) throw new UserInputError(`corpus ${corpus.dir} has no documents`);
  if (flags['embedding-model'] !== undefined && flags['model-file'] === undefined) throw new UserInputError('--embedding-model only matters with --model-file');
  const learnedFile = flags['model-file'] === undefined ? undefined : resolve(flags['model-file']);
  const learned = learnedFile === undefined ? undefined : await learnedModelInfo(learnedFile, corpus);
  // The environment is read here, once, and passed down as settings.
  const host = hostSettingsFromEnvironment();
  const listed = (await listBenchStrategies({ modelsDir: host.modelsDir, profilesDir: host.profilesDir })).map((s) => (s.name === LEARNED_STRATEGY_NAME && learned ? { name: s.name, kind: s.kind, available: true } : s));
  const { run, skipped } = pickStrategies(flags.strategies, listed);
  const chunkOptions = chunkOptionsFromFlags(flags);
  const tokenizer = chunkOptions.tokenizer ?? (chunkOptions.overlap?.unit === 'tokens' ? 'qwen2' : undefined);
  const settings: QualitySettings = {
    tolerance: flags.tolerance ?? 0,
    questionsPerDocument: flags.questions ?? 4,
    questionSeed: corpus.manifest.seed,
    chunks: { options: chunkOptions, ...(tokenizer ? { countTokens: await chunkTokenCounter(tokenizer, { modelsDir: host.modelsDir }) } : {}) },
  };
  const remote = await remoteSettingsFrom(flags, host);
  if (flags['documents-at-once'] !== undefined && !remote) throw new UserInputError('--documents-at-once applies only with --backend remote (locally --parallel says how many windows run at once)');
  if (remote) refuseLocalOnlyFlags(flags, RUN_OPTIONS);
  const options: StrategyOptions = {
    ...(remote ? { backend: 'remote' as const } : {}),
    ...sharedOptionsFromFlags(flags, RUN_OPTIONS),
    ...(flags.mode ? { mode: flags.mode } : {}),
    ...(flags.gpu ? { gpu: flags.gpu } : {}),
  };
  const runSettings = { ...runSettingsOf(host), remote: remote ?? undefined };
  // On inference servers the documents of the corpus go out together, as many as the endpoints take
  // requests at once (their windows then share the servers' slots); locally as many as the engine's
  // sequences (their windows share them). The figures are computed in corpus order either way.
  const modelDocuments = remote ? (flags['documents-at-once'] ?? (await endpointsCapacity(remote))) : localDocumentsAtOnce(flags.parallel ?? host.parallel);
  const progress = process.stderr.isTTY
    ? (p: { strategy: string; document: number; documents: number }) => process.stderr.write(`\r${p.strategy}: document ${p.document + 1}/${p.documents}   `)
    : undefined;

  const strategies: Record<string, StrategyFigures> = {};
  const failed: QualityReport['failed'] = [];
  for (const strategy of run) {
    const runner: StrategyRunner = {
      kind: strategy.kind,
      documentsAtOnce: strategy.kind === 'model' ? modelDocuments : 1,
      run: ({ text, info, strategy: name }, signal) =>
        runStrategy(
          {
            text,
            info,
            strategy: name,
            options: name === LEARNED_STRATEGY_NAME ? { ...options, learnedModelFile: learnedFile, embeddingModelFile: flags['embedding-model'] } : options,
            settings: runSettings,
          },
          { signal },
        ),
    };
    try {
      strategies[strategy.name] = await measureStrategy(corpus, strategy.name, runner, settings, progress);
    } catch (err) {
      // One strategy failing (a model that cannot load, say) must not cost the others' figures.
      failed.push({ strategy: strategy.name, error: firstLine(err) });
    }
  }
  if (progress) process.stderr.write('\r\x1b[K');

  const gold = corpus.documents.map((d) => ({ text: d.text, boundaries: d.boundaries }));
  const report: QualityReport = {
    corpus: {
      name: corpus.manifest.name,
      dir: corpus.dir,
      documents: corpus.documents.length,
      chars: corpus.documents.reduce((s, d) => s + d.text.length, 0),
      goldSegments: corpus.documents.reduce((s, d) => s + d.boundaries.length + 1, 0),
      seed: corpus.manifest.seed,
      goldRetrieval: retrievalCheck(questionsFor(corpus, settings), gold),
    },
    settings: {
      tolerance: settings.tolerance,
      questionsPerDocument: settings.questionsPerDocument,
      questionSeed: settings.questionSeed,
      ...(addsNothing(chunkOptions) ? {} : { chunks: chunkOptions }),
      embeddingBytesPerSegment: EMBEDDING_BYTES_PER_SEGMENT,
    },
    strategies,
    ...(learned ? { learned } : {}),
    skipped,
    failed,
    machine: machineInfo(),
    date: new Date().toISOString(),
    // Endpoint URLs as shown: without the credentials a URL may carry.
    command: ['npm run --silent bench -- quality', ...argv.map((a) => shellQuote(a.replace(/https?:\/\/\S+/g, (u) => displayUrl(u))))].join(' '),
  };

  const out = resolve(flags.out ?? join(CORPORA_DIR, 'reports', corpus.manifest.name));
  writeReport(out, 'quality', report, { html: qualityHtml(report), table: qualityTable(report), json: flags.json });
  for (const f of failed) process.stderr.write(`error: ${f.strategy} failed: ${f.error}\n`);
  return failed.length ? 1 : 0;
}
