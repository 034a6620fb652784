/**
 * `segment FILE [--strategy NAME] [--max-chars N] [--max-tokens N [--tokenizer FILE]] [--format FORMAT]
 *  [--out PATH] [model flags]`: reads a document, runs one strategy, writes the result (JSON on stdout by default).
 */
import { CONSTRAINED_DECODERS, GPU_CHOICES, windowOverlapProblem, type RunOptions } from '../../../shared/strategies/run-options';
import { optionsIn, SHARED_OPTION_DECLARATIONS, type SharedOptionDeclaration } from '../../../shared/strategies/shared-options';
import { FORMAT_NAMES } from '../../../shared/formats';
import { SUPPORTED_EXTENSIONS } from '../../../shared/document/source-formats';
import { checkOutputPath, loadDocument } from '../files';
import { isModelStrategy, runStrategy, type StrategyOptions } from '../../services/strategies/run-strategy';
import { echoLlamaLogs } from '../../services/platform/llama-log';
import { hostSettingsFromEnvironment, runSettingsOf } from '../../services/host/settings';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { CHUNK_FLAGS, chunkOptionsFromFlags } from '../chunk-flags';
import { READ_FLAGS, readOptionsFromFlags } from '../read-flags';
import { writeChunkedResult } from '../../services/export/write-chunked';
import { inputSource, STDIN_PATH } from '../stdin';
import { budgetFlags, budgetsFromFlags } from '../../argv/budgets';
import { UserInputError } from '../errors';
import { createStderrProgressBar } from '../progress-bar';
import { writeOutput } from '../io';
import { LEARNED_STRATEGY_NAME } from '../../../shared/learn/segment';
import { ownOptionsFromFlags, strategyOptionFlags } from '../strategy-flags';
import { flagOf, modelOnlyFlags, refuseLocalOnlyFlags, SERVERS_CHOOSE, sharedOptionFlags, sharedOptionsFromFlags } from '../shared-option-flags';
import { STRATEGY_DECLARATIONS, strategyNames } from '../../../shared/strategies/catalog';
import type { StrategyDeclaration } from '../../../shared/strategies/declaration';
import { REMOTE_FLAGS, remoteSettingsFrom } from '../remote-flags';
import { EMBEDDING_MODEL_FLAGS } from '../learn-flags';
import type { RemoteSettings } from '../../services/inference/completers/remote/settings';
import { DEFAULT_STRATEGY } from '../../../shared/strategies/default-strategy';

/**
 * The flags, for a list of strategy declarations (the strategies' names and their own options'
 * flags come from it) and one of shared numeric options (those of every strategy follow
 * --strategy, the model strategies' follow the other model flags).
 */
function segmentSpec<E extends SharedOptionDeclaration>(declarations: readonly StrategyDeclaration[], sharedOptions: readonly E[]) {
  return {
    strategy: { type: 'enum', values: strategyNames(declarations), description: `how to segment (default ${DEFAULT_STRATEGY})` },
    ...sharedOptionFlags(optionsIn(sharedOptions, ['all'])),
    tokenizer: { type: 'string', valueName: 'FILE', description: 'rule strategies: GGUF file whose tokenizer counts --max-tokens' },
    format: { type: 'enum', values: FORMAT_NAMES, description: 'output format (default json)' },
    out: { type: 'string', valueName: 'PATH', description: 'write to this file instead of stdout (only once everything succeeded)' },
    name: { type: 'string', valueName: 'NAME', description: "with FILE '-' (standard input): the document's name; its extension picks the reader (default stdin.txt)" },
    model: { type: 'string', valueName: 'FILE', description: 'model strategies: GGUF base model file' },
    adapter: { type: 'string', valueName: 'FILE', description: 'model strategies: GGUF LoRA adapter file' },
    profile: { type: 'string', valueName: 'NAME', description: 'model strategies: profile name (prompt, parser, windows)' },
    constrained: { type: 'boolean', description: 'model strategies: grammar-constrained decoding' },
    free: { type: 'boolean', description: 'model strategies: free decoding' },
    decoder: { type: 'enum', values: CONSTRAINED_DECODERS, description: 'model strategies, constrained: token trie (default, fast) or the GBNF grammar alone' },
    gpu: { type: 'enum', values: GPU_CHOICES, description: 'model strategies: compute backend' },
    deterministic: {
      type: 'boolean',
      description: 'model strategies: one window at a time (one sequence here, one request per server), so that a run repeats bit for bit; meta.deterministic says so',
    },
    ...sharedOptionFlags(optionsIn(sharedOptions, ['model', 'local-model'])),
    ...READ_FLAGS,
    ...CHUNK_FLAGS,
    ...budgetFlags(['inputBytes', 'expandedChars', 'nestingDepth', 'pdfPages', 'readSeconds', 'readMemoryMb', 'segments']),
    'model-file': { type: 'string', valueName: 'FILE', description: 'learned: the model (JSON from cli train)' },
    ...EMBEDDING_MODEL_FLAGS,
    ...strategyOptionFlags(declarations),
    ...REMOTE_FLAGS,
  } as const satisfies FlagSpecs;
}

const SPEC = segmentSpec(STRATEGY_DECLARATIONS, SHARED_OPTION_DECLARATIONS);

/** The flags only the model strategies take, the shared numeric ones among them where --help lists them. */
function modelFlags(sharedOptions: readonly SharedOptionDeclaration[]): string[] {
  return ['model', 'adapter', 'profile', 'constrained', 'free', 'decoder', 'gpu', 'deterministic', ...modelOnlyFlags(sharedOptions), 'backend', 'endpoint', 'concurrency'];
}

/** `segment --help`, for a list of strategy declarations and one of shared options (a test passes its own). */
export function segmentUsage(
  declarations: readonly StrategyDeclaration[] = STRATEGY_DECLARATIONS,
  sharedOptions: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): string {
  return `usage: cli segment FILE [options]

Reads FILE (${SUPPORTED_EXTENSIONS.join(', ')}; - for standard input) and prints its segmentation.

${describeFlags(segmentSpec(declarations, sharedOptions))}
`;
}

/** The flags that choose and tune the strategy; the export flags shape only the written chunks, the read flags only the text. */
/** The strategies' own flags (strategy-flags.ts) are read by name from the declarations, hence the index. */
type Flags = Omit<ReturnType<typeof parseArgs<typeof SPEC>>['flags'], keyof typeof CHUNK_FLAGS | keyof typeof READ_FLAGS | 'deterministic'> & { deterministic?: boolean } & Readonly<Record<string, unknown>>;

/**
 * Flag values to service options; refuses combinations that cannot mean anything. `remote`: the
 * servers the remote-backend flags name (remoteSettingsFrom), or null for the local engine.
 * `sharedOptions`: the shared numeric options' declarations (a test passes its own).
 */
export function strategyOptionsFrom(
  strategy: string,
  flags: Flags,
  remote: RemoteSettings | null = null,
  sharedOptions: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): StrategyOptions {
  if (!isModelStrategy(strategy)) {
    const used = modelFlags(sharedOptions).filter((name) => flags[name] !== undefined && flags[name] !== false);
    if (used.length > 0) {
      throw new UserInputError(`--${used[0]} applies only to the model strategies (simple, topic, summary), not '${strategy}'`);
    }
  }
  if (flags.tokenizer !== undefined) {
    // A model strategy windows with its own model's tokenizer; only the rule strategies count with this one.
    if (isModelStrategy(strategy)) throw new UserInputError(`--tokenizer applies only to the rule strategies, not '${strategy}' (it counts with its model's own tokenizer)`);
    if (flags['max-tokens'] === undefined) throw new UserInputError('--tokenizer only matters with --max-tokens');
  }
  if (flags.constrained && flags.free) throw new UserInputError('--constrained and --free exclude each other');
  if (flags.decoder !== undefined && flags.free) throw new UserInputError('--decoder applies only to constrained decoding, not --free');
  const shared: Partial<Record<string, number>> = sharedOptionsFromFlags(flags, sharedOptions);
  if (flags.deterministic && typeof flags.parallel === 'number' && flags.parallel > 1) {
    throw new UserInputError(`--deterministic decodes one window at a time; it cannot take --parallel ${flags.parallel}`);
  }
  if (flags.deterministic && typeof flags.concurrency === 'number' && flags.concurrency > 1) {
    throw new UserInputError(`--deterministic sends one request at a time to each server; it cannot take --concurrency ${flags.concurrency}`);
  }
  const { windowTokens, overlapTokens } = shared;
  if (windowTokens !== undefined && overlapTokens !== undefined) {
    const problem = windowOverlapProblem(windowTokens, overlapTokens);
    if (problem) throw new UserInputError(`${flagOf('overlapTokens', sharedOptions)} ${overlapTokens} ${flagOf('windowTokens', sharedOptions)} ${windowTokens}: ${problem}`);
  }
  const own = ownOptionsFromFlags(strategy, flags);
  if (strategy === LEARNED_STRATEGY_NAME && flags['model-file'] === undefined) {
    throw new UserInputError('--strategy learned needs --model-file FILE (train one with cli train)');
  }
  for (const name of ['model-file', 'embedding-model'] as const) {
    if (strategy !== LEARNED_STRATEGY_NAME && flags[name] !== undefined) throw new UserInputError(`--${name} applies only to the learned strategy, not '${strategy}'`);
  }
  const mode: RunOptions['mode'] = flags.constrained ? 'constrained' : flags.free ? 'free' : undefined;
  if (remote) {
    if (flags.gpu !== undefined) throw new UserInputError(`--gpu applies only to the local backend; ${SERVERS_CHOOSE}`);
    refuseLocalOnlyFlags(flags, sharedOptions);
  }
  const options: StrategyOptions = {
    ...shared,
    mode,
    decoder: flags.decoder,
    ...(flags.deterministic ? { deterministic: true } : {}),
    profile: flags.profile,
    model: flags.model,
    adapter: flags.adapter,
    gpu: flags.gpu,
    tokenizer: flags.tokenizer,
    ...(own ? { [strategy]: own } : {}),
    learnedModelFile: flags['model-file'],
    embeddingModelFile: flags['embedding-model'],
    ...(remote ? { backend: 'remote' as const } : {}),
  };
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as StrategyOptions;
}

export default async function segment(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPEC, { positionals: { min: 1, max: 1, names: 'FILE (the document to segment)' } });
  if (help) {
    process.stdout.write(segmentUsage());
    return 0;
  }
  const file = positionals[0] as string;
  const strategy = flags.strategy ?? DEFAULT_STRATEGY;
  const format = flags.format ?? 'json';
  // The environment is read here, once: the servers go down as settings, the choice as an option.
  const host = hostSettingsFromEnvironment();
  echoLlamaLogs(host.debug);
  const remote = await remoteSettingsFrom(flags, host);
  const options = strategyOptionsFrom(strategy, flags, remote);
  const chunkOptions = chunkOptionsFromFlags(flags);
  const budgets = budgetsFromFlags(flags);
  const inputs = file === STDIN_PATH ? [] : [file];

  // Refuse an unwritable --out before minutes of model time, not after.
  if (flags.out !== undefined) await checkOutputPath(flags.out, inputs);
  const document = await loadDocument(await inputSource(file, flags.name ?? 'stdin.txt', budgets.inputBytes), budgets, readOptionsFromFlags(flags));
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const progressBar = createStderrProgressBar();
  try {
    const result = await runStrategy(
      { text: document.text, info: document.info, strategy, options, settings: { ...runSettingsOf(host), remote: remote ?? undefined }, budgets },
      { signal: controller.signal, ...(progressBar ? { onProgress: progressBar.onProgress } : {}) },
    );
    progressBar?.done();
    // The reader and its settings belong to the record: the same file read otherwise is another text.
    const recorded = { ...result, meta: { ...result.meta, reader: document.reader } };
    await writeOutput(flags.out, await writeChunkedResult(format, recorded, document.text, chunkOptions, { modelsDir: host.modelsDir }), inputs);
    return 0;
  } catch (err) {
    if (controller.signal.aborted) {
      process.stderr.write('error: interrupted, nothing written\n');
      return 130;
    }
    throw err;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}
