/**
 * What a run may be asked for, written once: the strategy names' shape, the options each kind of
 * strategy shares with their limits, and the compute backends; a strategy's own options come from
 * its declaration (catalog.ts) as `options[<strategy name>]`. The contract's schemas and the CLI's
 * flag specs derive from it.
 */
import { z } from 'zod';
import { STRATEGY_DECLARATIONS, type DeclaredStrategy } from './catalog';
import { optionsSchemaOf, type OptionValues, type StrategyDeclaration } from './declaration';
import type { TokenizerName } from '../chunks/options';

export const strategyNameSchema = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/);

export { MODEL_STRATEGY_NAMES, type ModelStrategyName } from './model-strategies';

/** llama.cpp's compute backends: auto picks the best available one, off means CPU. */
export const GPU_CHOICES = ['auto', 'off', 'cuda', 'metal', 'vulkan'] as const;
export type GpuChoice = (typeof GPU_CHOICES)[number];

export const DECODING_MODES = ['constrained', 'free'] as const;

/** Constrained decoding: the token-trie decoder (default) or the GBNF grammar alone (its reference). */
export const CONSTRAINED_DECODERS = ['trie', 'grammar'] as const;
export type ConstrainedDecoder = (typeof CONSTRAINED_DECODERS)[number];

/** Inclusive bounds of the numeric run options (threads is a host setting with the same kind of bound). */
export const RUN_OPTION_LIMITS = {
  maxChars: { min: 1, max: 10_000_000 },
  maxTokens: { min: 1, max: 1_000_000 },
  windowTokens: { min: 1, max: 131_072 },
  overlapTokens: { min: 0, max: 65_536 },
  threads: { min: 1, max: 1024 },
  /** Sequences of the local engine's context: windows decoded at once. */
  parallel: { min: 1, max: 64 },
} as const;

/**
 * The tokenizer `maxTokens` counts with when a run names none: the seed models' own (the runners
 * load Qwen2's vocabulary, electron/services/tokenizer/token-counter.ts). The UI's over-limit marks
 * count with it too, whatever tokenizer the export shows.
 */
export const MAX_TOKENS_TOKENIZER: TokenizerName = 'qwen2';

const limited = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

/** The options the kinds share (each strategy's own come from its declaration). */
export const sharedRunOptionsSchema = z
  .object({
    maxChars: limited(RUN_OPTION_LIMITS.maxChars).optional(),
    maxTokens: limited(RUN_OPTION_LIMITS.maxTokens).optional(),
    windowTokens: limited(RUN_OPTION_LIMITS.windowTokens).optional(),
    overlapTokens: limited(RUN_OPTION_LIMITS.overlapTokens).optional(),
    mode: z.enum(DECODING_MODES).optional(),
    /** Model strategies in constrained mode: which decoder shapes the heads. */
    decoder: z.enum(CONSTRAINED_DECODERS).optional(),
    profile: z.string().min(1).max(256).optional(),
    /** Model strategies, local engine: windows decoded at once (the context's sequences); default chosen from the backend. */
    parallel: limited(RUN_OPTION_LIMITS.parallel).optional(),
    /** Model strategies: this process's llama.cpp (default) or the inference servers (the host's start-up ones and those added from the Models screen). */
    backend: z.enum(['local', 'remote']).optional(),
  })
  .strict();

/**
 * The one rule tying a window to its overlap: the overlap must be under half the window (a window
 * shares at most its overlap with each neighbour, and must keep something of its own). Checked by
 * the contract and the CLI when both are given, and by the model runner on the values it resolves.
 */
export function windowOverlapProblem(windowTokens: number, overlapTokens: number): string | undefined {
  return overlapTokens * 2 < windowTokens ? undefined : `the overlap (${overlapTokens} tokens) must be less than half the window (${windowTokens} tokens)`;
}

/** `options[name]` for each declared strategy that has options of its own. */
type OwnRunOptions<D extends StrategyDeclaration> = {
  [S in D as keyof S['options'] extends never ? never : S['name']]?: OptionValues<S['options']>;
};

export type RunOptions = z.infer<typeof sharedRunOptionsSchema> & OwnRunOptions<DeclaredStrategy>;

/** The run options' schema for a list of declarations: the shared options and `options[name]` per strategy with options. */
export function runOptionsSchemaFor(declarations: readonly StrategyDeclaration[]): z.ZodType<Record<string, unknown>> {
  const own = declarations.filter((d) => Object.keys(d.options).length > 0).map((d) => [d.name, optionsSchemaOf(d.options).optional()] as const);
  return sharedRunOptionsSchema
    .extend(Object.fromEntries(own))
    .strict()
    .superRefine((options, ctx) => {
      const { windowTokens, overlapTokens } = options as z.infer<typeof sharedRunOptionsSchema>;
      if (windowTokens === undefined || overlapTokens === undefined) return;
      const problem = windowOverlapProblem(windowTokens, overlapTokens);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['overlapTokens'] });
    });
}

export const runOptionsSchema = runOptionsSchemaFor(STRATEGY_DECLARATIONS) as unknown as z.ZodType<RunOptions>;

/** The keys of the shared options, so a runner can tell them from a strategy's own. */
export const SHARED_RUN_OPTION_KEYS = Object.keys(sharedRunOptionsSchema.shape) as (keyof z.infer<typeof sharedRunOptionsSchema>)[];
