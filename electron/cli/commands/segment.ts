/**
 * `segment FILE [--strategy NAME] [--max-chars N] [--max-tokens N [--tokenizer FILE]] [--format FORMAT]
 *  [--out PATH] [model flags]`: reads a document, runs one strategy, writes the result (JSON on stdout by default).
 */
import type { RunOptions } from '../../../shared/ipc/contract';
import { FORMAT_NAMES, writeResult } from '../../../shared/formats';
import { checkOutputPath, loadDocument } from '../../services/documents';
import { allStrategyNames, isModelStrategy, runStrategy, type StrategyOptions } from '../../services/run-strategy';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { TokenizerLoadError } from '../../services/tokenizer/errors';
import { UserInputError } from '../errors';
import { createStderrProgressBar } from '../progress-bar';
import { asUserErrors, writeOutput } from '../io';
import { REMOTE_FLAGS, remoteSettingsFrom, type Environment } from '../remote-flags';

const SPEC = {
  strategy: { type: 'enum', values: allStrategyNames(), description: 'how to segment (default structural)' },
  'max-chars': { type: 'int', min: 1, max: 10_000_000, description: 'longest segment, in characters' },
  'max-tokens': { type: 'int', min: 1, max: 1_000_000, description: 'longest segment, in tokens (rule strategies count with the Qwen2 tokenizer)' },
  tokenizer: { type: 'string', valueName: 'FILE', description: 'rule strategies: GGUF file whose tokenizer counts --max-tokens' },
  format: { type: 'enum', values: FORMAT_NAMES, description: 'output format (default json)' },
  out: { type: 'string', valueName: 'PATH', description: 'write to this file instead of stdout (only once everything succeeded)' },
  model: { type: 'string', valueName: 'FILE', description: 'model strategies: GGUF base model file' },
  adapter: { type: 'string', valueName: 'FILE', description: 'model strategies: GGUF LoRA adapter file' },
  profile: { type: 'string', valueName: 'NAME', description: 'model strategies: profile name (prompt, parser, windows)' },
  constrained: { type: 'boolean', description: 'model strategies: grammar-constrained decoding' },
  free: { type: 'boolean', description: 'model strategies: free decoding' },
  gpu: { type: 'enum', values: ['auto', 'off', 'cuda', 'metal', 'vulkan'], description: 'model strategies: compute backend' },
  window: { type: 'int', min: 1, max: 131_072, description: 'model strategies: window size in tokens' },
  overlap: { type: 'int', min: 0, max: 65_536, description: 'model strategies: window overlap in tokens' },
  threads: { type: 'int', min: 1, max: 1024, description: 'model strategies: CPU threads (default: the machine\'s math cores)' },
  ...REMOTE_FLAGS,
} as const satisfies FlagSpecs;

const MODEL_FLAGS = ['model', 'adapter', 'profile', 'constrained', 'free', 'gpu', 'window', 'overlap', 'threads', 'backend', 'endpoint', 'concurrency'] as const;

export const SEGMENT_USAGE = `usage: cli segment FILE [options]

Reads FILE (.txt, .md, .html, .pdf, .docx) and prints its segmentation.

${describeFlags(SPEC)}
`;

type Flags = ReturnType<typeof parseArgs<typeof SPEC>>['flags'];

/** Flag values to service options; refuses combinations that cannot mean anything. */
export function strategyOptionsFrom(strategy: string, flags: Flags, env: Environment = {}): StrategyOptions {
  if (!isModelStrategy(strategy)) {
    const used = MODEL_FLAGS.filter((name) => flags[name] !== undefined && flags[name] !== false);
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
  if (flags.window !== undefined && flags.overlap !== undefined && flags.overlap >= flags.window) {
    throw new UserInputError(`--overlap (${flags.overlap}) must be smaller than --window (${flags.window})`);
  }
  const mode: RunOptions['mode'] = flags.constrained ? 'constrained' : flags.free ? 'free' : undefined;
  const remote = remoteSettingsFrom(flags, env);
  if (remote && (flags.gpu !== undefined || flags.threads !== undefined)) {
    throw new UserInputError(`--${flags.gpu !== undefined ? 'gpu' : 'threads'} applies only to the local backend; the servers choose their own`);
  }
  const options: StrategyOptions = {
    maxChars: flags['max-chars'],
    maxTokens: flags['max-tokens'],
    windowTokens: flags.window,
    overlapTokens: flags.overlap,
    mode,
    profile: flags.profile,
    model: flags.model,
    adapter: flags.adapter,
    gpu: flags.gpu,
    threads: flags.threads,
    tokenizer: flags.tokenizer,
    ...(remote ? { backend: 'remote' as const, remote } : {}),
  };
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as StrategyOptions;
}

export default async function segment(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPEC, { positionals: { min: 1, max: 1, names: 'FILE (the document to segment)' } });
  if (help) {
    process.stdout.write(SEGMENT_USAGE);
    return 0;
  }
  const file = positionals[0] as string;
  const strategy = flags.strategy ?? 'structural';
  const format = flags.format ?? 'json';
  // The environment is read here, once, and passed down as settings.
  const options = strategyOptionsFrom(strategy, flags, process.env);

  return asUserErrors(async () => {
    // Refuse an unwritable --out before minutes of model time, not after.
    if (flags.out !== undefined) await checkOutputPath(flags.out);
    const document = await loadDocument(file);
    const controller = new AbortController();
    const onInterrupt = () => controller.abort();
    process.once('SIGINT', onInterrupt);
    const progressBar = createStderrProgressBar();
    try {
      const result = await runStrategy(
        { text: document.text, info: document.info, strategy, options },
        { signal: controller.signal, ...(progressBar ? { onProgress: progressBar.onProgress } : {}) },
      );
      progressBar?.done();
      await writeOutput(flags.out, writeResult(format, result, document.text));
      return 0;
    } catch (err) {
      if (controller.signal.aborted) {
        process.stderr.write('error: interrupted, nothing written\n');
        return 130;
      }
      if (err instanceof TokenizerLoadError) throw new UserInputError(err.message);
      throw err;
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  });
}
