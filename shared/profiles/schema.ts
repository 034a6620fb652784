/**
 * A strategy profile: everything about running one of the seed's segmentation models that is a
 * setting rather than code. The official prompt and output format are not published, so the
 * template, the window and the parser all live here, in user-editable JSON.
 */
import { z } from 'zod';
import { MODEL_STRATEGY_NAMES, RUN_OPTION_LIMITS } from '../strategies/run-options';

export const modelStrategySchema = z.enum(MODEL_STRATEGY_NAMES);
export type ModelStrategy = z.infer<typeof modelStrategySchema>;

/** A local GGUF file (a name inside the models folder, or an absolute path) and where to get it. */
const modelFileSchema = z
  .object({
    file: z.string().min(1).max(1024),
    /** A node-llama-cpp model URI such as `hf:owner/repo/file.gguf`, for `models pull`. */
    uri: z.string().min(1).max(2048).optional(),
    /** Where the file comes from when it cannot be pulled (e.g. a PEFT repository to convert). */
    source: z.string().min(1).max(2048).optional(),
  })
  .strict();

const adapterFileSchema = modelFileSchema
  .extend({
    /** Multiplies alpha / rank, as PEFT's adapter scale does. */
    scale: z.number().positive().max(16).default(1),
  })
  .strict();

/** Either a base model plus a LoRA adapter, or one GGUF with the adapter merged in. */
export const profileModelSchema = z.union([
  z.object({ base: modelFileSchema, adapter: adapterFileSchema.optional() }).strict(),
  z.object({ merged: modelFileSchema }).strict(),
]);
export type ProfileModel = z.infer<typeof profileModelSchema>;

export const promptSchema = z
  .object({
    /** `raw`: `template` is the whole prompt. `chatml`: it is the user turn of a ChatML prompt. */
    format: z.enum(['raw', 'chatml']).default('raw'),
    /** The ChatML system line (ignored for `raw`). */
    system: z.string().max(4000).default('You are a helpful assistant.'),
    /** Must contain `{{text}}` exactly once; `{{system}}` is also replaced. */
    template: z
      .string()
      .max(8000)
      .refine((t) => t.split('{{text}}').length === 2, { message: 'template must contain {{text}} exactly once' }),
    /** Text the model's answer starts with (put into the prompt; the parser sees it too). */
    answerPrefix: z.string().max(200).default(''),
  })
  .strict();
export type PromptSettings = z.infer<typeof promptSchema>;

export const windowSchema = z
  .object({
    /** Document tokens per window (the template and the answer come on top). */
    tokens: z.number().int().min(32).max(RUN_OPTION_LIMITS.windowTokens.max).default(1024),
    /** Tokens shared by consecutive windows, so a boundary near a window edge is seen twice. */
    overlapTokens: z.number().int().min(0).max(RUN_OPTION_LIMITS.overlapTokens.max).default(128),
    /** Context size to create; default: window + template + maxNewTokens, capped by the model's. */
    contextTokens: z.number().int().min(64).max(RUN_OPTION_LIMITS.windowTokens.max).optional(),
  })
  .strict()
  .refine((w) => w.overlapTokens < w.tokens / 2, { message: 'overlapTokens must be less than half of tokens' });
export type WindowSettings = z.infer<typeof windowSchema>;

export const decodingSchema = z
  .object({
    /** 0 = greedy. */
    temperature: z.number().min(0).max(2).default(0),
    topK: z.number().int().min(0).max(1000).default(40),
    topP: z.number().min(0).max(1).default(0.95),
    seed: z.number().int().min(0).optional(),
    /** 1 disables it. The third-party script the notes describe uses 1.1. */
    repeatPenalty: z.number().min(1).max(3).default(1.1),
    /** How many of the latest generated tokens the repeat penalty looks at. */
    repeatPenaltyLastTokens: z.number().int().min(0).max(4096).default(64),
    maxNewTokens: z.number().int().min(1).max(8192).default(256),
  })
  .strict();
export type DecodingSettings = z.infer<typeof decodingSchema>;

export const noteKindSchema = z.enum(['none', 'topic', 'summary']);
export type NoteKind = z.infer<typeof noteKindSchema>;

export const outputSchema = z
  .object({
    /** What the model says besides heads. */
    notes: noteKindSchema.default('none'),
    /**
     * Where notes are: `labelled` lines start with one of `noteLabels` and belong to the nearest
     * head (before it by default, see `notesBeforeHeads`); `alternating`: head line, note line, ...
     */
    noteLayout: z.enum(['labelled', 'alternating']).default('labelled'),
    /** Labels that mark a note line, matched case-insensitively, e.g. "Topic:". */
    noteLabels: z.array(z.string().min(1).max(40)).max(20).default(['Topic:', 'Summary:']),
    /** True when the model states a segment's topic before its head (the topic model does). */
    notesBeforeHeads: z.boolean().default(false),
    /** Labels stripped off head lines when present, e.g. "Head:". */
    headLabels: z.array(z.string().min(1).max(40)).max(20).default([]),
    /** Constrained mode: how the grammar writes each head and note line. */
    constrained: z
      .object({
        headWords: z.number().int().min(1).max(32).default(6),
        headPrefix: z.string().max(40).default('# '),
        maxNoteChars: z.number().int().min(8).max(1000).default(160),
      })
      .strict()
      .default({ headWords: 6, headPrefix: '# ', maxNoteChars: 160 }),
  })
  .strict();
export type OutputSettings = z.infer<typeof outputSchema>;

export const profileSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9._-]*$/, 'lowercase letters, digits, . _ -'),
    description: z.string().max(1000).default(''),
    strategy: modelStrategySchema,
    model: profileModelSchema,
    prompt: promptSchema,
    window: windowSchema.default({ tokens: 1024, overlapTokens: 128 }),
    decoding: decodingSchema.default({
      temperature: 0,
      topK: 40,
      topP: 0.95,
      repeatPenalty: 1.1,
      repeatPenaltyLastTokens: 64,
      maxNewTokens: 256,
    }),
    output: outputSchema,
  })
  .strict();
export type Profile = z.infer<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

export class ProfileFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileFormatError';
  }
}

/** Validates parsed JSON as a profile; the error names the first bad field in one line. */
export function parseProfile(json: unknown, label = 'profile'): Profile {
  const parsed = profileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(top level)';
  throw new ProfileFormatError(`${label}: ${where}: ${issue?.message ?? 'invalid'}`);
}

/** The GGUF files a profile needs, base (or merged) first. */
export function profileFiles(profile: Profile): { role: 'base' | 'adapter' | 'merged'; file: string; uri?: string; source?: string }[] {
  const m = profile.model;
  if ('merged' in m) return [{ role: 'merged', ...m.merged }];
  const files: { role: 'base' | 'adapter' | 'merged'; file: string; uri?: string; source?: string }[] = [{ role: 'base', ...m.base }];
  if (m.adapter) files.push({ role: 'adapter', file: m.adapter.file, uri: m.adapter.uri, source: m.adapter.source });
  return files;
}
