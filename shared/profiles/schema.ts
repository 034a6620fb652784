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

/**
 * How the prompt is laid out (the seed does not say how its models were prompted; `models selftest`
 * tries each): `raw`: `template` is the whole prompt. `chatml`: it is the user turn of a ChatML
 * prompt with the system line. `chatml-instruction`: the same with the one-line `instruction` before
 * the text. `alpaca`: `### Instruction:` / `### Input:` / `### Response:` sections. `template`: the
 * user turn of the Jinja `chatTemplate` the adapter's tokenizer_config.json carries, rendered as
 * transformers' apply_chat_template does (only where the adapter has one).
 */
export const ADAPTER_TEMPLATE_FORMAT = 'template' as const;
export const promptFormatSchema = z.enum(['raw', 'chatml', 'chatml-instruction', 'alpaca', ADAPTER_TEMPLATE_FORMAT]);
export type PromptFormat = z.infer<typeof promptFormatSchema>;
/** The layouts every profile has (the adapter's own template is offered only where it exists). */
export const PROMPT_FORMATS: readonly PromptFormat[] = promptFormatSchema.options.filter((f) => f !== ADAPTER_TEMPLATE_FORMAT);

/** A Hugging Face chat template (Jinja source) with the special tokens it may refer to. */
export const chatTemplateSchema = z
  .object({
    source: z.string().min(1).max(200_000),
    bosToken: z.string().max(200).optional(),
    eosToken: z.string().max(200).optional(),
  })
  .strict();
export type ChatTemplate = z.infer<typeof chatTemplateSchema>;

export const promptSchema = z
  .object({
    format: promptFormatSchema.default('raw'),
    /** The ChatML system line (for the chatml formats). */
    system: z.string().max(4000).default('You are a helpful assistant.'),
    /** One line saying what to write (chatml-instruction and alpaca); default: from the strategy. */
    instruction: z.string().max(1000).optional(),
    /** Must contain `{{text}}` exactly once; `{{system}}` is also replaced. */
    template: z
      .string()
      .max(8000)
      .refine((t) => t.split('{{text}}').length === 2, { message: 'template must contain {{text}} exactly once' }),
    /** Text the model's answer starts with (put into the prompt; the parser sees it too). */
    answerPrefix: z.string().max(200).default(''),
    /** The chat template of the `template` format (filled from the adapter's tokenizer_config.json). */
    chatTemplate: chatTemplateSchema.optional(),
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

export const outputLayoutSchema = z.enum(['interleaved', 'notes-first']);
export type OutputLayout = z.infer<typeof outputLayoutSchema>;

/** How many words a head has: the model chooses where to stop, always at a word end. */
const headWordsSchema = z.preprocess(
  // A single number (the older profile format) is an exact length.
  (v) => (typeof v === 'number' ? { min: v, max: v } : v),
  z
    .object({ min: z.number().int().min(1).max(32), max: z.number().int().min(1).max(32) })
    .strict()
    .refine((w) => w.min <= w.max, { message: 'min must not exceed max' }),
);

const CONSTRAINED_DEFAULTS = { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 160, scope: 'all' } as const;

const constrainedSchema = z
  .object({
    headWords: headWordsSchema.default(CONSTRAINED_DEFAULTS.headWords),
    headPrefix: z.string().max(40).default(CONSTRAINED_DEFAULTS.headPrefix),
    maxNoteChars: z.number().int().min(8).max(1000).default(CONSTRAINED_DEFAULTS.maxNoteChars),
    /**
     * `all`: heads and notes are both shaped (a note line starts with its label, is non-empty and
     * at most maxNoteChars long). `heads-only`: order and heads are forced, a note is free text on
     * one line, without a label or length limit (not empty and not starting with a space; in the
     * `notes-first` layout it still starts with its label, which tells notes from heads).
     */
    scope: z.enum(['all', 'heads-only']).default(CONSTRAINED_DEFAULTS.scope),
  })
  .strict();
export type ConstrainedSettings = z.infer<typeof constrainedSchema>;
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
    /**
     * `interleaved`: each note next to its head (`notesBeforeHeads` says which comes first).
     * `notes-first`: all notes, then all heads, paired in order (the seed describes its topic model
     * as first identifying topics, then segmenting).
     */
    layout: outputLayoutSchema.default('interleaved'),
    /** Constrained mode: how each head and note line may be written. */
    constrained: constrainedSchema.default(CONSTRAINED_DEFAULTS),
  })
  .strict();
export type OutputSettings = z.infer<typeof outputSchema>;

/**
 * The input as the model saw it in training. The seed's models were trained on text whose newline
 * characters were always removed; `space` turns each CR, LF, U+2028 and U+2029 into one space, so
 * the text keeps its UTF-16 length and every offset maps back unchanged.
 */
export const inputSchema = z
  .object({
    newlines: z.enum(['keep', 'space']).default('keep'),
  })
  .strict();
export type InputSettings = z.infer<typeof inputSchema>;

export const profileSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9._-]*$/, 'lowercase letters, digits, . _ -'),
    description: z.string().max(1000).default(''),
    strategy: modelStrategySchema,
    model: profileModelSchema,
    prompt: promptSchema,
    input: inputSchema.default({ newlines: 'keep' }),
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
