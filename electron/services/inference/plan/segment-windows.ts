/**
 * The backend-neutral half of a model run: every window of a prepared document through a
 * completer (the seam, completers/seam.ts: local or remote, this file knows neither), each
 * window's answer read into heads and placed at document offsets, the windows reconciled into one
 * segmentation. Whatever the model writes, the result covers the text exactly: the cuts go through
 * segmentationFromCuts, and a head that cannot be placed is a warning, never lost text.
 *
 * Constrained mode places heads by construction: only the window's sentence starts are offered, in
 * order, so each head the model writes names one candidate offset. A completer that can decodes
 * them with a token trie (the local one); `decoder: 'grammar'` samples under the equivalent GBNF
 * grammar instead, and so do servers. Free mode reads the output tolerantly and places heads with
 * the shared locator.
 */
import { segmentationFromCuts } from '../../../../shared/document/segmentation';
import type { Segmentation, SegmentationWarning, SegmentNote } from '../../../../shared/document/types';
import type { WindowRecord, WindowsMeta } from '../../../../shared/document/model-run-meta';
import { locateHeads } from '../../../../shared/locate';
import { buildHeadGrammar, parseConstrainedOutput } from '../../../../shared/profiles/constrained';
import { parseModelOutput } from '../../../../shared/profiles/parse-output';
import { reconcileWindows, type WindowCuts } from '../../../../shared/profiles/reconcile';
import type { ConstrainedDecoder } from '../../../../shared/strategies/run-options';
import { runBounded } from '../../platform/run-bounded';
import type { WindowCompleter, WindowCompletion } from '../completers/seam';
import { abortError, InferenceError } from '../errors';
import { RunMeter, type ModelRunProgress } from './progress';
import { windowCandidates, type PreparedWindows, type WindowRunRequest } from './windows';

export interface WindowRunHooks {
  onProgress?: (p: ModelRunProgress) => void;
  signal?: AbortSignal;
}

/** The windows' segmentation, warnings and meta (the backend adds its part where the run ends). */
export interface WindowsOutcome {
  segmentation: Segmentation;
  warnings: SegmentationWarning[];
  meta: WindowsMeta;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * Runs every window of a prepared document through a completer (up to its `parallel` windows at
 * once), reads each window's heads, and reconciles the windows into one segmentation. The first
 * failure aborts the windows still in flight.
 */
export async function segmentWindows(req: WindowRunRequest, prepared: PreparedWindows, completer: WindowCompleter, hooks: WindowRunHooks = {}): Promise<WindowsOutcome> {
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
        const confidence = new Map(output.headConfidence?.map((c) => [c.candidate, c.confidence]));
        for (const item of parsed.items) {
          const note: SegmentNote = noteField && item.note ? { [noteField]: item.note } : {};
          // The decoder's margin for this head, where it could read one (the trie decoder; docs/core-strategies.md).
          const value = confidence.get(item.candidate);
          if (value !== undefined) note.confidence = value;
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
    // The first segment starts no boundary, so it carries no confidence.
    const kept = at === 0 && note.confidence !== undefined ? withoutConfidence(note) : note;
    if (!notesByStart.has(at) || offset === at) notesByStart.set(at, kept);
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
  const asked = req.decoder ?? 'trie';
  return {
    segmentation,
    warnings,
    meta: {
      kind: 'model',
      mode: req.mode,
      // The decoder that really ran (servers, and the trie's fallbacks, decode with the grammar), and the one asked for.
      ...(req.mode === 'constrained' ? { decoder: decoderThatRan(outputs, asked), decoderAsked: asked } : {}),
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

function withoutConfidence(note: SegmentNote): SegmentNote {
  const { confidence: _confidence, ...rest } = note;
  return rest;
}

function explainWindowFailure(err: unknown, k: number, total: number): unknown {
  if (err instanceof Error) err.message = `running window ${k + 1} of ${total}: ${err.message}`;
  return err;
}
