/**
 * The segmentation pipeline for model strategies: document -> sentence units (tokenized once) ->
 * token windows with overlap -> one prompt per window -> heads -> document offsets -> one
 * segmentation. Whatever the model writes, the result covers the text exactly: the cuts go
 * through segmentationFromCuts, and a head that cannot be placed is a warning, never lost text.
 *
 * Constrained mode places heads by construction: only the window's sentence starts are offered, in
 * order, so each head the model writes names one candidate offset. The local engine decodes them
 * with a token trie (trie-decoder.ts); `decoder: 'grammar'` samples under the equivalent GBNF
 * grammar instead (the reference the trie decoder is tested against). Free mode reads the output
 * tolerantly and places heads with the shared locator.
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
import type { BackendInfo, GpuChoice, InferenceEngine } from './engine';
import { abortError, InferenceError } from './errors';
import { runPrompt } from './prompt-runner';
import { trieDecodable } from './trie-decoder';
import { RunMeter, type ModelRunProgress } from './progress';

export type RunMode = 'constrained' | 'free';
/** How constrained mode decodes: the token trie (default) or the GBNF grammar. */
export type ConstrainedDecoder = 'trie' | 'grammar';

export interface ModelFiles {
  model: string;
  adapter?: { path: string; scale: number };
}

export interface PipelineRequest {
  text: string;
  info: DocumentInfo;
  strategy: ModelStrategy;
  profile: Profile;
  mode: RunMode;
  decoder?: ConstrainedDecoder;
  windowTokens: number;
  overlapTokens: number;
  gpu: GpuChoice;
  threads?: number;
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
  steps?: { forced: number; chosen: number; grammar: number };
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

export async function segmentWithModel(engine: InferenceEngine, req: PipelineRequest, hooks: PipelineHooks = {}): Promise<PipelineOutput> {
  const { text, profile, signal } = { ...req, signal: hooks.signal };
  const timings = { load: 0, tokenize: 0, generate: 0, locate: 0 };
  const release = await engine.lock.acquire(signal);
  try {
    return await runLocked();
  } catch (err) {
    if (signal?.aborted) {
      // Free the KV cache now; the model stays loaded for the next run.
      await engine.releaseContext();
      throw abortError();
    }
    throw err;
  } finally {
    release();
  }

  async function runLocked(): Promise<PipelineOutput> {
    const loadStart = performance.now();
    hooks.onProgress?.({ stage: 'loading', windowsDone: 0, windowsTotal: 0, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null });
    const { llama, model, backend, loaded: modelLoaded } = await engine.useModel(req.gpu, req.files.model, { signal });
    timings.load += performance.now() - loadStart;

    const tokenizeStart = performance.now();
    const prompt = renderPrompt(profile.prompt);
    const bos = model.tokens.shouldPrependBosToken && model.tokens.bos !== null ? [model.tokens.bos] : [];
    const before: Token[] = [...bos, ...model.tokenize(prompt.before, true)];
    const after: Token[] = model.tokenize(prompt.after, true);
    const templateTokens = before.length + after.length;
    const maxNew = profile.decoding.maxNewTokens;
    const needed = req.windowTokens + templateTokens + maxNew + 1;
    const limit = profile.window.contextTokens ?? model.trainContextSize;
    const limitName = profile.window.contextTokens ? "the profile's context size" : `the model's context (${model.trainContextSize} tokens)`;
    if (needed > limit) {
      const fits = limit - templateTokens - maxNew - 1;
      throw new InferenceError(
        'window-too-large',
        `a window of ${req.windowTokens} tokens does not fit: with ${templateTokens} template tokens and ${maxNew} new tokens it needs a context of ${needed}, but ${limitName} is ${limit}; use a window of at most ${Math.max(0, fits)} tokens`,
      );
    }
    // The model sees the text as its profile's input settings say (the same length, so every offset
    // below is an offset in the document too); the segmentation is made on the document itself.
    const modelText = modelInputText(text, profile.input);
    const units = documentUnits(text, (s) => model.tokenize(s), Math.max(1, Math.floor(req.windowTokens / 2)), modelText);
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
    timings.tokenize += performance.now() - tokenizeStart;

    const contextStart = performance.now();
    const contextSize = profile.window.contextTokens ?? needed;
    const { sequence, created: contextCreated } = await engine.useContext(
      { adapter: req.files.adapter, contextSize, batchSize: Math.min(MAX_BATCH, contextSize), threads: req.threads },
      { signal },
    );
    timings.load += performance.now() - contextStart;

    const totalPrompt = plan.reduce((n, w) => n + w.tokens + templateTokens, 0);
    const meter = new RunMeter(totalPrompt, plan.length, Math.min(maxNew, 64), hooks.onProgress);
    meter.setStage('generating');

    const warnings: SegmentationWarning[] = [];
    const windowCuts: WindowCuts[] = [];
    const records: WindowRecord[] = [];
    const noteField = profile.output.notes === 'none' ? null : profile.output.notes;
    const words = profile.output.constrained.headWords;
    let reused = 0;

    for (let k = 0; k < plan.length; k++) {
      const w = plan[k]!;
      const start = units[w.first]!.start;
      const end = units[w.end - 1]!.end;
      const windowText = modelText.slice(start, end);
      const windowUnits = units.slice(w.first, w.end);
      const tokens = [...before, ...windowUnits.flatMap((u) => u.tokens), ...after];
      const candidates = req.mode === 'constrained' ? windowCandidates(windowText, start, windowUnits, words) : [];
      const record: WindowRecord = { start, end, promptTokens: tokens.length, reusedTokens: 0, generatedTokens: 0, prefillMs: 0, generateMs: 0, stoppedBy: 'end', heads: 0, placed: 0 };
      const cuts: WindowCuts['cuts'] = [];

      if (req.mode === 'constrained' && candidates.length === 0) {
        // Nothing the grammar could offer: the window has no sentence start (one long sentence).
        record.stoppedBy = 'no-candidates';
      } else {
        const requireFirst = start === 0;
        const useTrie = req.mode === 'constrained' && (req.decoder ?? 'trie') === 'trie' && trieDecodable(model, profile.output);
        const grammar =
          req.mode === 'constrained' && !useTrie
            ? await llama.createGrammar({ grammar: buildHeadGrammar(candidates, profile.output, { requireFirst }) })
            : undefined;
        const generateStart = performance.now();
        let output;
        try {
          output = await runPrompt({
            model,
            sequence,
            tokens,
            decoding: profile.decoding,
            grammar,
            heads: useTrie ? { llama, plan: { candidates, settings: profile.output, requireFirst } } : undefined,
            signal,
            batchSize: Math.min(MAX_BATCH, contextSize),
            onPrefill: (n, ms) => meter.prefilled(n, ms),
            onToken: (ms) => meter.decoded(ms),
          });
        } catch (err) {
          if (signal?.aborted) throw abortError();
          throw engine.explainFailure(err, `running window ${k + 1} of ${plan.length}`, 'use a smaller window (--window) or run on the CPU (--gpu off)');
        }
        timings.generate += performance.now() - generateStart;
        // The cache's reused prefix counts as input the model did not have to evaluate again.
        meter.prefilled(output.reused, 0);
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
      meter.windowDone();
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
      backend,
      result: {
        document: req.info,
        strategy: req.strategy,
        segmentation,
        warnings,
        meta: {
          kind: 'model',
          mode: req.mode,
          backend: backend.backend,
          devices: backend.devices,
          gpu: backend.requested,
          threads: req.threads ?? null,
          window: { tokens: req.windowTokens, overlapTokens: req.overlapTokens, contextSize: sequence.contextSize, count: plan.length },
          tokens: {
            document: documentTokens,
            template: templateTokens,
            prompt: totalPrompt,
            evaluated: progress.tokensIn - reused,
            reusedFromCache: reused,
            generated: progress.tokensOut,
          },
          loaded: { model: modelLoaded, context: contextCreated },
          reconcile: { duplicates: reconciled.duplicates, edgeArtifacts: reconciled.edgeArtifacts },
          timingsMs: { load: round(timings.load), tokenize: round(timings.tokenize), generate: round(timings.generate), locate: round(timings.locate) },
          tokensPerSecond: Math.round(progress.tokensPerSecond * 10) / 10,
          windows: records,
        },
      },
    };
  }
}

