/**
 * What a run may be asked for, written once: the strategy names' shape, the run options with their
 * limits, and the compute backends. The contract's schemas and the CLI's flag specs derive from it.
 */
import { z } from 'zod';
import { C99_LIMITS } from './c99-parameters';

export const strategyNameSchema = z.string().min(1).max(64).regex(/^[a-z0-9-]+$/);

/** The strategies that need a model, named after the seed's three models. */
export const MODEL_STRATEGY_NAMES = ['simple', 'topic', 'summary'] as const;
export type ModelStrategyName = (typeof MODEL_STRATEGY_NAMES)[number];

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

const limited = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

export const runOptionsSchema = z
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
    /** Model strategies: this process's llama.cpp (default) or the inference servers the host was started with. */
    backend: z.enum(['local', 'remote']).optional(),
    /** c99 only (the odd-mask rule is checked by the strategy). */
    c99: z
      .object({
        mask: z.number().int().min(C99_LIMITS.mask.min).max(C99_LIMITS.mask.max).optional(),
        band: z.number().int().min(C99_LIMITS.band.min).max(C99_LIMITS.band.max).optional(),
        coefficient: z.number().min(C99_LIMITS.coefficient.min).max(C99_LIMITS.coefficient.max).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type RunOptions = z.infer<typeof runOptionsSchema>;
