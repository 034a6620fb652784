/**
 * The segmentation pipeline for model strategies: document -> sentence units (tokenized once) ->
 * token windows with overlap -> one prompt per window -> heads -> document offsets -> one
 * segmentation. Whatever the model writes, the result covers the text exactly: the cuts go
 * through segmentationFromCuts, and a head that cannot be placed is a warning, never lost text.
 *
 * Constrained mode places heads by construction: only the window's sentence starts are offered, in
 * order, so each head the model writes names one candidate offset. The local engine decodes them
 * with a token trie (trie-decoder.ts); `decoder: 'grammar'` samples under the equivalent GBNF
 * grammar instead (the reference the trie decoder is tested against), and so do servers. Free mode
 * reads the output tolerantly and places heads with the shared locator.
 */
import type { Token } from 'node-llama-cpp';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import type { DocumentInfo, SegmentationResult, SegmentationWarning, SegmentNote } from '../../../shared/document/types';
import { locateHeads } from '../../../shared/locate';
import { buildHeadGrammar, headCandidates, parseConstrainedOutput, type HeadCandidate, type HeadWords } from '../../../shared/profiles/constrained';
import { parseModelOutput } from '../../../shared/profiles/parse-output';
import { reconcileWindows, type WindowCuts } from '../../../shared/profiles/reconcile';
import type { ModelStrategy, Profile } from '../../../shared/profiles/schema';
import { modelInputText } from '../../../shared/profiles/input';
import { renderPrompt } from '../../../shared/profiles/template';
import { planWindows, WindowPlanError } from '../../../shared/profiles/windows';
import { documentUnits, type DocumentUnit } from './document-units';
import type { ConstrainedDecoder } from '../../../shared/strategies/run-options';
import type { BackendInfo, GpuChoice, InferenceEngine } from './engine';
import { abortError, InferenceError } from './errors';
import { runBounded } from '../platform/run-bounded';
import { localCompleter, modelTokenizer } from './local-completer';
import { RunMeter, type ModelRunProgress } from './progress';
import type { WindowCompleter, WindowCompletion, WindowTokenizer } from './window-completer';

export type RunMode = 'constrained' | 'free';
/** How constrained mode decodes (one home: the run options). */
export type { ConstrainedDecoder };

export interface ModelFiles {
  model: string;
  adapter?: { path: string; scale: number };
}

/** What the window pipeline needs, whichever backend runs the model. */
export interface WindowRunRequest {
  text: string;
  info: DocumentInfo;
  strategy: ModelStrategy;
  profile: Profile;
  mode: RunMode;
  decoder?: ConstrainedDecoder;
  windowTokens: number;
  overlapTokens: number;
}

export interface PipelineRequest extends WindowRunRequest {
  gpu: GpuChoice;
  threads?: number;
  /** Sequences of the context (windows decoded at once); default: chosen from the backend. */
  parallel?: number;
  files: ModelFiles;
}

export interface PipelineHooks {
  onProgress?: (p: ModelRunProgress) => void;
  signal?: AbortSignal;
}

export interface PipelineOutput {
  result: SegmentationResult;
  backend: BackendInfo;
}

interface WindowRecord {
  start: number;
  end: number;
  promptTokens: number;
  reusedTokens: number;
  generatedTokens: number;
  prefillMs: number;
  generateMs: number;
  stoppedBy: string;
  steps?: { forced: number; chosen: number; grammar: number; redecoded: number; fullBias: number };
  heads: number;
  placed: number;
  output?: string;
}

const MAX_BATCH = 512;

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** The window's head candidates: its sentence starts, offsets relative to the window. */
function windowCandidates(windowText: string, start: number, windowUnits: readonly DocumentUnit[], words: HeadWords): HeadCandidate[] {
  const starts = windowUnits
    .map((u) => u.sentenceStart)
    .filter((s): s is number => s !== null)
    .map((s) => s - start);
  return headCandidates(windowText, starts, words);
}

/** The document cut into windows: template tokens, units, and the window plan. */
export interface PreparedWindows {
  before: Token[];
  after: Token[];
  templateTokens: number;
  units: DocumentUnit[];
  /** The text as the model sees it (the profile's input settings; same length as the document). */
  modelText: string;
  plan: ReturnType<typeof planWindows>;
  documentTokens: number;
  /** The context one window needs: window + template + new tokens + 1. */
  needed: number;
  tokenizeMs: number;
}

/**
 * Tokenizes the template and the document's units once and plans the windows; checks that a window
 * fits `limit` (the context the backend offers, named by `limitName` in the error).
 */
export function prepareWindows(req: WindowRunRequest, tokenizer: WindowTokenizer, limit: number, limitName: string): PreparedWindows {
  const started = performance.now();
  const { profile } = req;
  const prompt = renderPrompt(profile.prompt);
  const before: Token[] = [...tokenizer.promptPrefix, ...tokenizer.tokenize(prompt.before, true)];
  const after: Token[] = tokenizer.tokenize(prompt.after, true);
  const templateTokens = before.length + after.length;
  const maxNew = profile.decoding.maxNewTokens;
  const needed = req.windowTokens + templateTokens + maxNew + 1;
  if (needed > limit) {
    const fits = limit - templateTokens - maxNew - 1;
    throw new InferenceError(
      'window-too-large',
      `a window of ${req.windowTokens} tokens does not fit: with ${templateTokens} template tokens and ${maxNew} new tokens it needs a context of ${needed}, but ${limitName} is ${limit}; use a window of at most ${Math.max(0, fits)} tokens`,
    );
  }
  // The model sees the text as its profile's input settings say (the same length, so every offset
  // below is an offset in the document too); the segmentation is made on the document itself.
  const modelText = modelInputText(req.text, profile.input);
  const units = documentUnits(req.text, (s) => tokenizer.tokenize(s), Math.max(1, Math.floor(req.windowTokens / 2)), modelText);
  let plan;
  try {
    plan = planWindows(
      units.map((u) => u.tokens.length),
      req.windowTokens,
      req.overlapTokens,
    );
  } catch (err) {
    if (err instanceof WindowPlanError) throw new InferenceError('window-too-large', `${err.message}; use a larger window`);
    throw err;
  }
  const documentTokens = units.reduce((n, u) => n + u.tokens.length, 0);
  return { before, after, templateTokens, units, modelText, plan, documentTokens, needed, tokenizeMs: performance.now() - started };
}

export async function segmentWithModel(engine: InferenceEngine, req: PipelineRequest, hooks: PipelineHooks = {}): Promise<PipelineOutput> {
  const { profile } = req;
  const { signal } = hooks;
  let loadMs = 0;
  // The lock is held while the model and the context are set up, then released (runLocked).
  const release = await engine.lock.acquire(signal);
  let released = false;
  try {
    return await runLocked();
  } catch (err) {
    if (signal?.aborted) {
      // Free the KV cache now, unless other runs still use it; the model stays loaded for the next run.
      if (released) await engine.lock.run(() => engine.releaseContextIfUnused());
      else await engine.releaseContextIfUnused();
      throw abortError();
    }
    throw err;
  } finally {
    if (!released) release();
  }

  async function runLocked(): Promise<PipelineOutput> {
    const loadStart = performance.now();
    hooks.onProgress?.({ stage: 'loading', windowsDone: 0, windowsTotal: 0, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null });
    const { llama, model, backend, loaded: modelLoaded } = await engine.useModel(req.gpu, req.files.model, { signal });
    loadMs += performance.now() - loadStart;

    const limit = profile.window.contextTokens ?? model.trainContextSize;
    const limitName = profile.window.contextTokens ? "the profile's context size" : `the model's context (${model.trainContextSize} tokens)`;
    const prepared = prepareWindows(req, modelTokenizer(model), limit, limitName);

    const contextStart = performance.now();
    const contextSize = profile.window.contextTokens ?? prepared.needed;
    const batchSize = Math.min(MAX_BATCH, contextSize);
    const lease = await engine.useContext({ adapter: req.files.adapter, contextSize, batchSize, threads: req.threads, sequences: req.parallel }, { signal });
    loadMs += performance.now() - contextStart;
    // Set up: other runs of the same strategy (a batch's documents) may now share the sequences.
    release();
    released = true;

    let result: SegmentationResult;
    try {
      const completer = localCompleter({ llama, model, pool: lease.pool, decoding: profile.decoding, batchSize, explainFailure: (err, what) => engine.explainFailure(err, what, 'use fewer sequences (--parallel), a smaller window (--window) or run on the CPU (--gpu off)') });
      result = await segmentWindows(req, prepared, completer, hooks);
    } finally {
      lease.leave();
    }
    const meta = result.meta as Record<string, unknown> & { window: object; timingsMs: object };
    result.meta = {
      ...meta,
      backend: backend.backend,
      devices: backend.devices,
      gpu: backend.requested,
      threads: req.threads ?? null,
      parallel: lease.pool.size,
      window: { ...meta.window, contextSize: lease.context.contextSize },
      loaded: { model: modelLoaded, context: lease.created },
      timingsMs: { load: round(loadMs), ...meta.timingsMs },
    };
    return { backend, result };
  }
}

/**
 * Runs every window of a prepared document through a completer (up to its `parallel` windows at
 * once), reads each window's heads, and reconciles the windows into one segmentation. The first
 * failure aborts the windows still in flight.
 */
export async function segmentWindows(req: WindowRunRequest, prepared: PreparedWindows, completer: WindowCompleter, hooks: PipelineHooks = {}): Promise<SegmentationResult> {
  const { text, profile } = req;
  const { before, after, units, plan, templateTokens } = prepared;
  const maxNew = profile.decoding.maxNewTokens;
  const timings = { tokenize: prepared.tokenizeMs, generate: 0, locate: 0 };
  const totalPrompt = plan.reduce((n, w) => n + w.tokens + templateTokens, 0);
  const meter = new RunMeter(totalPrompt, plan.length, Math.min(maxNew, 64), hooks.onProgress);
  meter.setStage('generating');

  const noteField = profile.output.notes === 'none' ? null : profile.output.notes;
  const words = profile.output.constrained.headWords;
  const windows = plan.map((w) => {
    const start = units[w.first]!.start;
    const end = units[w.end - 1]!.end;
    const windowUnits = units.slice(w.first, w.end);
    const windowText = prepared.modelText.slice(start, end);
    const tokens = [...before, ...windowUnits.flatMap((u) => u.tokens), ...after];
    const candidates = req.mode === 'constrained' ? windowCandidates(windowText, start, windowUnits, words) : [];
    return { start, end, windowText, tokens, candidates };
  });

  const generateStart = performance.now();
  const outputs = await runBounded(windows.length, completer.parallel, hooks.signal, async (k, signal) => {
    const w = windows[k]!;
    // Nothing the grammar could offer: the window has no sentence start (one long sentence).
    if (req.mode === 'constrained' && w.candidates.length === 0) {
      meter.windowDone();
      return null;
    }
    const requireFirst = w.start === 0;
    const constrained = req.mode === 'constrained';
    const grammar = constrained ? buildHeadGrammar(w.candidates, profile.output, { requireFirst }) : undefined;
    // A completer that can decode heads with the token trie does; the grammar is the fallback.
    const heads = constrained && (req.decoder ?? 'trie') === 'trie' ? { candidates: w.candidates, settings: profile.output, requireFirst } : undefined;
    let output: WindowCompletion;
    try {
      output = await completer.complete({ tokens: w.tokens, grammar, heads }, { signal, onPrefill: (n, ms) => meter.prefilled(n, ms), onToken: (ms) => meter.decoded(ms) });
    } catch (err) {
      if (signal.aborted && hooks.signal?.aborted) throw abortError();
      throw err instanceof InferenceError || (err as Error)?.name === 'AbortError' ? err : explainWindowFailure(err, k, plan.length);
    }
    // The cache's reused prefix counts as input the model did not have to evaluate again.
    meter.prefilled(output.reused, 0);
    meter.windowDone();
    return output;
  });
  timings.generate += performance.now() - generateStart;

  const warnings: SegmentationWarning[] = [];
  const windowCuts: WindowCuts[] = [];
  const records: WindowRecord[] = [];
  let reused = 0;
  for (let k = 0; k < windows.length; k++) {
    const { start, end, windowText, tokens, candidates } = windows[k]!;
    const output = outputs[k];
    const record: WindowRecord = { start, end, promptTokens: tokens.length, reusedTokens: 0, generatedTokens: 0, prefillMs: 0, generateMs: 0, stoppedBy: 'end', heads: 0, placed: 0 };
    const cuts: WindowCuts['cuts'] = [];

    if (!output) {
      record.stoppedBy = 'no-candidates';
    } else {
      reused += output.reused;
      record.reusedTokens = output.reused;
      record.generatedTokens = output.generated;
      record.prefillMs = round(output.prefillMs);
      record.generateMs = round(output.generateMs);
      record.stoppedBy = output.stoppedBy;
      if (output.steps) record.steps = output.steps;

      const locateStart = performance.now();
      if (req.mode === 'constrained') {
        const parsed = parseConstrainedOutput(output.text, candidates, profile.output);
        record.heads = parsed.items.length;
        for (const item of parsed.items) {
          const note: SegmentNote = noteField && item.note ? { [noteField]: item.note } : {};
          cuts.push({ offset: start + candidates[item.candidate]!.offset, note });
        }
        for (const problem of parsed.problems) {
          warnings.push({
            code: problem.kind === 'truncated' ? 'output-truncated' : 'head-not-found',
            message:
              problem.kind === 'truncated'
                ? `window ${k + 1}: the model's last item was cut off by the limit of ${maxNew} new tokens; it was not used`
                : `window ${k + 1}: head not among the window's sentence starts`,
            head: problem.text,
            offset: start,
          });
        }
      } else {
        record.output = output.text;
        const parsed = parseModelOutput(profile.prompt.answerPrefix + output.text, profile.output);
        record.heads = parsed.heads.length;
        const located = locateHeads(windowText, parsed.heads);
        for (const p of located.placements) {
          const note: SegmentNote = {};
          if (p.topic) note.topic = p.topic;
          if (p.summary) note.summary = p.summary;
          cuts.push({ offset: start + p.offset, note });
        }
        for (const warning of located.warnings) {
          warnings.push({ ...warning, message: `window ${k + 1}: ${warning.message}`, offset: warning.offset === undefined ? undefined : start + warning.offset });
        }
        if (output.stoppedBy === 'max-tokens') {
          warnings.push({ code: 'output-truncated', message: `window ${k + 1}: the model was stopped at the limit of ${maxNew} new tokens`, offset: start });
        }
      }
      record.placed = cuts.length;
      timings.locate += performance.now() - locateStart;
    }
    windowCuts.push({ start, end, cuts });
    records.push(record);
  }

  const locateStart = performance.now();
  const reconciled = reconcileWindows(windowCuts);
  // Blank text before the first sentence belongs to the first segment.
  const firstText = text.search(/\S/);
  const notesByStart = new Map<number, SegmentNote>();
  for (const [offset, note] of reconciled.notesByStart) {
    const at = firstText >= 0 && offset <= firstText ? 0 : offset;
    if (!notesByStart.has(at) || offset === at) notesByStart.set(at, note);
  }
  const segmentation = segmentationFromCuts(text, notesByStart.keys(), notesByStart);
  if (noteField) {
    segmentation.notes.forEach((note, i) => {
      if (!note[noteField]) {
        warnings.push({ code: 'note-missing', message: `segment ${i + 1} has no ${noteField} from the model`, offset: i === 0 ? 0 : segmentation.boundaries[i - 1] });
      }
    });
  }
  timings.locate += performance.now() - locateStart;
  meter.setStage('done');

  const progress = meter.snapshot();
  return {
    document: req.info,
    strategy: req.strategy,
    segmentation,
    warnings,
    meta: {
      kind: 'model',
      mode: req.mode,
      // The decoder that really ran (servers, and the trie's fallbacks, decode with the grammar), and the one asked for.
      ...(req.mode === 'constrained' ? { decoder: decoderThatRan(outputs, req.decoder ?? 'trie'), decoderAsked: req.decoder ?? 'trie' } : {}),
      window: { tokens: req.windowTokens, overlapTokens: req.overlapTokens, count: plan.length },
      tokens: {
        document: prepared.documentTokens,
        template: templateTokens,
        prompt: totalPrompt,
        evaluated: progress.tokensIn - reused,
        reusedFromCache: reused,
        generated: progress.tokensOut,
      },
      reconcile: { duplicates: reconciled.duplicates, edgeArtifacts: reconciled.edgeArtifacts },
      timingsMs: { tokenize: round(timings.tokenize), generate: round(timings.generate), locate: round(timings.locate) },
      tokensPerSecond: Math.round(progress.tokensPerSecond * 10) / 10,
      windows: records,
    },
  };
}

/** The decoder the windows' completions name (one per run: the fallback depends on the profile and the model only). */
function decoderThatRan(outputs: readonly (WindowCompletion | null)[], asked: ConstrainedDecoder): ConstrainedDecoder {
  return outputs.find((o) => o?.decoder !== undefined)?.decoder ?? asked;
}

function explainWindowFailure(err: unknown, k: number, total: number): unknown {
  if (err instanceof Error) err.message = `running window ${k + 1} of ${total}: ${err.message}`;
  return err;
}
