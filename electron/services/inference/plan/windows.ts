/**
 * A document cut into the model's windows, backend-neutral: sentence units tokenized once, the
 * prompt's template tokens, and the window plan with overlap, checked against the context the
 * backend offers. The tokenizer is the seam's (the local model's or a vocab-only one).
 */
import type { Token } from 'node-llama-cpp';
import type { DocumentInfo } from '../../../../shared/document/types';
import { headCandidates, type HeadCandidate, type HeadWords } from '../../../../shared/profiles/constrained';
import { modelInputText } from '../../../../shared/profiles/input';
import type { ModelStrategy, Profile } from '../../../../shared/profiles/schema';
import { renderPrompt } from '../../../../shared/profiles/template';
import { planWindows, WindowPlanError } from '../../../../shared/profiles/windows';
import type { ConstrainedDecoder } from '../../../../shared/strategies/run-options';
import type { WindowTokenizer } from '../completers/seam';
import { InferenceError } from '../errors';
import { documentUnits, type DocumentUnit } from './document-units';

export type RunMode = 'constrained' | 'free';
/** How constrained mode decodes (one home: the run options). */
export type { ConstrainedDecoder };

/** The model files of a run: the base model (or a merged one) and its adapter. */
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

/** The window's head candidates: its sentence starts, offsets relative to the window. */
export function windowCandidates(windowText: string, start: number, windowUnits: readonly DocumentUnit[], words: HeadWords): HeadCandidate[] {
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
