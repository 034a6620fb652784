/**
 * What a run may be asked for, written once: the strategy names' shape, the options each kind of
 * strategy shares, and the compute backends. The numeric shared options come from their
 * declarations (shared-options.ts), a strategy's own options from its declaration (catalog.ts) as
 * `options[<strategy name>]`. The contract's schemas derive from it.
 */
import { z } from 'zod';
import { STRATEGY_DECLARATIONS, type DeclaredStrategy } from './catalog';
import { optionsSchemaOf, type OptionValues, type StrategyDeclaration } from './declaration';
import { SHARED_OPTION_DECLARATIONS, type SharedOptionDeclaration } from './shared-options';
import type { TokenizerName } from '../chunks/options';

export { RUN_OPTION_LIMITS } from './shared-options';

export const strategyNameSchema = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/);

export { isModelStrategy, MODEL_STRATEGY_NAMES, type ModelStrategyName } from './model-strategies';

/** llama.cpp's compute backends: auto picks the best available one, off means CPU. */
export const GPU_CHOICES = ['auto', 'off', 'cuda', 'metal', 'vulkan'] as const;
export type GpuChoice = (typeof GPU_CHOICES)[number];

export const DECODING_MODES = ['constrained', 'free'] as const;

/** Constrained decoding: the token-trie decoder (default) or the GBNF grammar alone (its reference). */
export const CONSTRAINED_DECODERS = ['trie', 'grammar'] as const;
export type ConstrainedDecoder = (typeof CONSTRAINED_DECODERS)[number];

/**
 * The tokenizer `maxTokens` counts with when a run names none: the seed models' own (the runners
 * load Qwen2's vocabulary, electron/services/tokenizer/token-counter.ts). The UI's over-limit marks
 * count with it too, whatever tokenizer the export shows.
 */
export const MAX_TOKENS_TOKENIZER: TokenizerName = 'qwen2';

/** The schema of each numeric option the contract carries (not the CLI's process settings), by key. */
type NumberSchemas<E extends SharedOptionDeclaration> = { [X in E as X extends { runOption: false } ? never : X['key']]: z.ZodOptional<z.ZodNumber> };

function numberSchemasOf<E extends SharedOptionDeclaration>(options: readonly E[]): NumberSchemas<E> {
  const carried = options.filter((option) => option.runOption !== false);
  return Object.fromEntries(carried.map(({ key, limits }) => [key, z.number().int().min(limits.min).max(limits.max).optional()])) as NumberSchemas<E>;
}

/** The options the kinds share, for a list of numeric ones (each strategy's own come from its declaration). */
export function sharedRunOptionsSchemaFor<E extends SharedOptionDeclaration>(options: readonly E[]) {
  return z
    .object({
      ...numberSchemasOf(options),
      mode: z.enum(DECODING_MODES).optional(),
      /** Model strategies in constrained mode: which decoder shapes the heads. */
      decoder: z.enum(CONSTRAINED_DECODERS).optional(),
      /**
       * Model strategies: one window decoded at a time (one sequence on the local engine, one
       * request per inference server), so that a run repeats bit for bit: several sequences in one
       * decode step round differently from one (docs/inference.md, Batching).
       */
      deterministic: z.boolean().optional(),
      profile: z.string().min(1).max(256).optional(),
      /** Model strategies: this process's llama.cpp (default) or the inference servers (the host's start-up ones and those added from the Models screen). */
      backend: z.enum(['local', 'remote']).optional(),
    })
    .strict();
}

export const sharedRunOptionsSchema = sharedRunOptionsSchemaFor(SHARED_OPTION_DECLARATIONS);

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

/**
 * The run options' schema for a list of strategy declarations and one of numeric shared options:
 * the shared options and `options[name]` per strategy with options.
 */
export function runOptionsSchemaFor(
  declarations: readonly StrategyDeclaration[],
  sharedOptions: readonly SharedOptionDeclaration[] = SHARED_OPTION_DECLARATIONS,
): z.ZodType<Record<string, unknown>> {
  const own = declarations.filter((d) => Object.keys(d.options).length > 0).map((d) => [d.name, optionsSchemaOf(d.options).optional()] as const);
  return sharedRunOptionsSchemaFor(sharedOptions)
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
