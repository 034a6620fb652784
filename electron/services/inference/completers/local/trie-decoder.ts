/**
 * The local engine's constrained decoder. It writes the same language as the window's GBNF
 * grammar (shared/profiles/constrained.ts: heads at the window's sentence starts, in order, with
 * note lines where the profile has them), but decodes the heads with a token trie instead:
 *
 * - the allowed next tokens are every token whose bytes continue a head line still allowed
 *   (head-trie.ts), the same set the grammar allows;
 * - where that is one token (often at a line's last bytes), it is forced without sampling, and a
 *   run of forced tokens is evaluated with the next step's decode (one batch on a GPU, one decode
 *   per token on a CPU: `oneByOne` below);
 * - where there are several, the model's logits are taken once and the greedy choice is made
 *   among the allowed tokens only, as the grammar makes it (its fast path takes the unconstrained
 *   greedy token when the grammar allows it, otherwise the best allowed one, both after the repeat
 *   penalty): allowed-choice.ts reads it from the top k of the lifted allowed tokens in O(k), and
 *   where that proves nothing reads the same logits again (with the penalty, then with a bias of
 *   -infinity on every other token of the vocabulary; -infinity stays -infinity under the penalty);
 * - a note line's label comes from the trie too while only its own tokens can continue it
 *   (note-label.ts); the free text follows the grammar of that one note line, a token at a time
 *   (note-step.ts): the model's greedy token under a constant bias against the tokens no note line
 *   allows (note-line-bias.ts), checked alone against the grammar, else the first the grammar
 *   allows among the chain's top k, and only where neither proves the choice llama.cpp's match of
 *   the whole vocabulary; its newline is forced at the length limit;
 * - each head gets a confidence where the model chose it over another head or over ending: at the
 *   steps where an allowed token leads to a different candidate (a different sentence start) or
 *   the end, the softmax over the allowed tokens' raw logits gives the chosen token's margin over
 *   the best such rival; the head's confidence is its smallest margin (headConfidence).
 *
 * The evaluate iterator's pending tokens (sampled or forced, not yet in the KV cache) start the
 * next evaluation, so nothing is evaluated twice.
 */
import { LlamaGrammarEvaluationState, type Llama, type LlamaContextSequence, type LlamaGrammar, type LlamaModel, type Token } from 'node-llama-cpp';
import { buildNoteGrammar, noteLinePrefix, type HeadCandidate } from '../../../../../shared/profiles/constrained';
import type { DecodingSettings, OutputSettings } from '../../../../../shared/profiles/schema';
import { abortError } from '../../errors';
import { repeatPenaltyOver } from './repeat-penalty';
import { chooseAllowed } from './allowed-choice';
import { noteStep } from './note-step';
import { StepSamplers } from './same-logits';
import { noteLimit, noteLineBias, type NoteLineBias } from './note-line-bias';
import { labelByTrie, labelStepTokens } from './note-label';
import { HeadTrie, type CandidateRange, type TrieNode } from './head-trie';
import { marginConfidence } from '../../../../../shared/strategies/confidence';
import { tokenBytes, utf8Latin1 } from './token-bytes';

/**
 * Whether the trie decoder can run this profile on this model: the vocabulary must be byte-level
 * BPE, and in the notes-first layout a note's label and a head line must not start alike (the
 * first token then says which of the two the model writes).
 */
export function trieDecodable(model: LlamaModel, settings: OutputSettings): boolean {
  if (!tokenBytes(model)) return false;
  if (settings.notes === 'none' || settings.layout !== 'notes-first') return true;
  const label = noteLinePrefix(settings);
  const head = settings.constrained.headPrefix;
  return label !== '' && head !== '' && label[0] !== head[0];
}

/**
 * The note lines' constant bias for this profile (note-line-bias.ts), undefined without notes.
 * Built once per model (about 60 ms for Qwen2's vocabulary), then kept: the window completer asks
 * for it before a window's prompt runs, as the grammar path compiles its grammar there, so a
 * window's generation holds only per-token work.
 */
export function noteBiasFor(model: LlamaModel, settings: OutputSettings): NoteLineBias | undefined {
  const vocab = tokenBytes(model);
  return settings.notes === 'none' || !vocab ? undefined : noteLineBias(model, vocab, noteLinePrefix(settings));
}

export interface HeadDecodePlan {
  candidates: readonly HeadCandidate[];
  settings: OutputSettings;
  /** The window starts the document: its first sentence must be the first head. */
  requireFirst: boolean;
}

export interface TrieDecodeRun {
  llama: Llama;
  model: LlamaModel;
  sequence: LlamaContextSequence;
  /** Tokens not yet evaluated (the prompt's last token); generation starts from their logits. */
  pending: Token[];
  /** The whole prompt: its last tokens count toward the repeat penalty, as in every other decoder. */
  prompt: readonly Token[];
  decoding: DecodingSettings;
  plan: HeadDecodePlan;
  signal?: AbortSignal;
  onToken?: (ms: number) => void;
}

export interface DecodeSteps {
  forced: number;
  chosen: number;
  grammar: number;
  /** Note tokens (of `grammar`) found in the chain's top k where the grammar refused its greedy token (note-step.ts). */
  topK: number;
  /** Note tokens (of `grammar`) that needed the grammar's match of the whole vocabulary. */
  fullMatch: number;
  readTwice: number;
  fullBias: number;
}

export interface TrieDecodeResult {
  tokens: Token[];
  stoppedBy: 'end' | 'max-tokens';
  /**
   * How the tokens were chosen: forced by the trie, chosen among allowed ones, or by a note
   * grammar; `readTwice`: the chosen steps whose first lifted reading proved nothing, read a second
   * time on the same logits (allowed-choice.ts, no second decode); `fullBias`: those of them the
   * second reading left open too, chosen under the full -infinity bias.
   */
  steps: DecodeSteps;
  /** The confidence of each head written (by candidate index) where the model chose it over another head or the end. */
  confidence: { candidate: number; confidence: number }[];
}

type LineKind = 'head' | 'note-or-head';

export async function decodeHeads(run: TrieDecodeRun): Promise<TrieDecodeResult> {
  const { model, sequence, decoding: d, plan, signal } = run;
  const settings = plan.settings;
  const vocab = tokenBytes(model);
  if (!vocab) throw new Error('the trie decoder needs a byte-level BPE vocabulary');
  const trie = new HeadTrie(plan.candidates, settings.constrained.headPrefix, vocab);
  const withNotes = settings.notes !== 'none';
  const layout = !withNotes ? 'heads' : settings.layout === 'notes-first' ? 'notes-first' : settings.notesBeforeHeads ? 'note-head' : 'head-note';
  const grammars = new Map<string, LlamaGrammar>();
  const noteBias = noteBiasFor(model, settings);
  const noteGrammar = async (optional: boolean, written = '') => {
    const text = buildNoteGrammar(settings, { optional, written });
    let g = grammars.get(text);
    if (!g) grammars.set(text, (g = await run.llama.createGrammar({ grammar: text })));
    return g;
  };
  // Tokens that start a note line's label (a prefix of it), which tell a note from a head in the
  // notes-first layout, with the text each writes.
  const labelTokens = new Map<Token, string>();
  if (layout === 'notes-first') {
    const label = noteLinePrefix(settings);
    const bytes = utf8Latin1(label);
    for (let n = 1; n <= bytes.length; n++) {
      const text = new TextDecoder().decode(Uint8Array.from(bytes.slice(0, n), (c) => c.charCodeAt(0)));
      if (!label.startsWith(text)) continue;
      for (const t of vocab.byBytes.get(bytes.slice(0, n)) ?? []) labelTokens.set(t, text);
    }
  }

  const generated: Token[] = [];
  const steps = { forced: 0, chosen: 0, grammar: 0, topK: 0, fullMatch: 0, readTwice: 0, fullBias: 0 };
  let pending = run.pending;
  let stoppedBy: TrieDecodeResult['stoppedBy'] = 'end';
  let last = performance.now();
  const repeatPenalty = repeatPenaltyOver(d, run.prompt, generated);
  // Where the model runs on the CPU, forced tokens are decoded one per step instead of in one batch
  // with the next: measured on the twin (2 cores, one thread), a batch of two tokens cost 66-71 ms
  // against 25-32 ms for one, so the batch was slower than two steps, and it made the trie's logits
  // round differently from the grammar decoder's, which evaluates one token per step
  // (docs/inference.md, "One answer per document"). On a GPU a batch row costs nearly nothing, so
  // there they stay batched.
  const oneByOne = model.gpuLayers === 0;
  // Kept for the whole decode, disposed at its end (same-logits.ts: a new one per reading cost 3.9 ms).
  const samplers = new StepSamplers(sequence);

  const emit = (token: Token, forced: boolean): boolean => {
    generated.push(token);
    if (forced) pending.push(token);
    else pending = [token];
    const now = performance.now();
    run.onToken?.(now - last);
    last = now;
    if (generated.length >= d.maxNewTokens) {
      stoppedBy = 'max-tokens';
      return false;
    }
    return true;
  };

  /** Takes the logits once and returns the best allowed token, or null when the model ends (allowed-choice.ts). */
  const choose = async (allowed: ReadonlySet<Token>, endAllowed: boolean, wantProbabilities = false) => {
    if (signal?.aborted) throw abortError();
    steps.chosen++;
    const r = await chooseAllowed({ model, vocab, sequence, pending, repeatPenalty, oneByOne, samplers }, allowed, endAllowed, wantProbabilities);
    if (r.readTwice) steps.readTwice++;
    if (r.fullBias) steps.fullBias++;
    return r;
  };
  const confidence: TrieDecodeResult['confidence'] = [];

  /** A chosen step of a head line that may have decided between heads: where it was, what it chose, and the allowed tokens' probabilities. */
  interface Decision {
    at: TrieNode;
    token: Token;
    probabilities: ReadonlyMap<Token, number>;
  }
  /**
   * The head's confidence: at each decision with a rival (a token leading to no line of this
   * candidate: another head, or the end; a note label is no rival), the chosen token's probability
   * minus the best rival's; the smallest of them. Undefined where nothing rivalled the head.
   */
  const headConfidence = (decisions: readonly Decision[], candidate: number): number | undefined => {
    let worst: number | undefined;
    for (const d of decisions) {
      let rival = -1;
      for (const [t, p] of d.probabilities) {
        if (t === d.token || labelTokens.has(t)) continue;
        if (vocab.eog.has(t) || !trie.keepsOpen(d.at, t, candidate)) rival = Math.max(rival, p);
      }
      if (rival < 0) continue;
      const margin = marginConfidence(d.probabilities.get(d.token)!, rival);
      if (margin !== undefined && (worst === undefined || margin < worst)) worst = margin;
    }
    return worst;
  };

  /**
   * Writes one note line: its label from the trie while only the label's own tokens can continue
   * it (note-label.ts), the rest token by token as the note line's grammar chooses it (note-step.ts,
   * with a constant bias against tokens no note line allows: note-line-bias.ts); 'ended' when the
   * model ended instead.
   */
  const writeNote = async (optional: boolean, written = ''): Promise<'done' | 'ended' | 'limit'> => {
    const label = noteLinePrefix(settings);
    if (labelByTrie(label)) {
      for (let tokens = labelStepTokens(model, vocab, label, written); tokens; tokens = labelStepTokens(model, vocab, label, written)) {
        const endAllowed = optional && written === '';
        const allowed = new Set(tokens.keys());
        let token: Token | null;
        if (allowed.size === 1 && !endAllowed) {
          token = allowed.values().next().value!;
          steps.forced++;
        } else {
          if (allowed.size === 0 && !endAllowed) return 'ended';
          token = (await choose(allowed, endAllowed)).token;
          if (token === null) return 'ended';
        }
        if (!emit(token, allowed.size === 1 && !endAllowed)) return 'limit';
        written += tokens.get(token)!;
      }
    }
    const open = optional && written === '';
    const grammarEvaluationState = new LlamaGrammarEvaluationState({ model, grammar: await noteGrammar(open, written) });
    const limit = noteLimit(settings, label, written, vocab);
    // End tokens are refused by the grammar everywhere in a note but at the start of an optional one.
    for (let first = true; ; first = false) {
      if (signal?.aborted) throw abortError();
      const tokenBias = noteBias && (first && open ? noteBias.withEnd : noteBias.withoutEnd);
      const { token, way } = await noteStep({ model, sequence, pending, grammarEvaluationState, repeatPenalty, tokenBias, isEog: (t) => vocab.eog.has(t), oneByOne, samplers });
      if (token === null || vocab.eog.has(token)) return 'ended';
      steps.grammar++;
      if (way === 'top-k') steps.topK++;
      if (way === 'grammar') steps.fullMatch++;
      if (!emit(token, false)) return 'limit';
      if (model.detokenize([token]).includes('\n')) return 'done';
      // At the length limit the newline is the one token the grammar allows: forced.
      if (limit?.add(vocab.bytesOf[token]!)) {
        steps.forced++;
        return emit(limit.newline, true) ? 'done' : 'limit';
      }
    }
  };

  /**
   * Writes one head line from the trie and returns the candidate it names; `mustWrite` when
   * ending is not allowed here. The first step may also offer the note label's first token
   * (notes-first layout).
   */
  const writeHead = async (range: CandidateRange, mustWrite: boolean, kind: LineKind): Promise<number | 'ended' | 'limit' | { note: string }> => {
    let at: TrieNode = trie.root;
    let first = true;
    const decisions: Decision[] = [];
    for (;;) {
      const ended = first ? -1 : trie.endAt(at, range);
      if (ended >= 0) {
        const value = headConfidence(decisions, ended);
        if (value !== undefined) confidence.push({ candidate: ended, confidence: value });
        return ended;
      }
      const allowed = trie.allowed(at, range);
      const offerLabel = first && kind === 'note-or-head';
      if (offerLabel) for (const t of labelTokens.keys()) allowed.add(t);
      const endAllowed = first && !mustWrite;
      let token: Token | null;
      if (allowed.size === 1 && !endAllowed) {
        token = allowed.values().next().value!;
        steps.forced++;
        if (!emit(token, true)) return 'limit';
      } else {
        if (allowed.size === 0 && !endAllowed) return 'ended';
        // Probabilities only where this step may choose between heads (or a head and the end).
        const open = at.candidates.filter((k) => k >= range.lo && k <= range.hi).length;
        const r = await choose(allowed, endAllowed, endAllowed || open > 1);
        token = r.token;
        if (token === null) return 'ended';
        if (r.probabilities) decisions.push({ at, token, probabilities: r.probabilities });
        if (!emit(token, false)) return 'limit';
      }
      if (offerLabel && labelTokens.has(token)) return { note: labelTokens.get(token)! };
      at = trie.advance(at, token);
      first = false;
    }
  };

  const headRange = (cursor: number, written: number): { range: CandidateRange; mustWrite: boolean } => {
    const mustWrite = plan.requireFirst && written === 0;
    return { range: { lo: cursor, hi: mustWrite ? 0 : Infinity }, mustWrite };
  };

  let cursor = 0;
  let heads = 0;
  let notes = 0;
  const finishHead = (candidate: number) => {
    cursor = candidate + 1;
    heads++;
  };

  try {
    loop: for (;;) {
      const { range, mustWrite } = headRange(cursor, heads);
      if (!trie.canStart(range)) break;
      switch (layout) {
        case 'heads':
        case 'head-note': {
          const r = await writeHead(range, mustWrite, 'head');
          if (typeof r !== 'number') break loop;
          finishHead(r);
          if (layout === 'head-note' && (await writeNote(false)) !== 'done') break loop;
          break;
        }
        case 'note-head': {
          if ((await writeNote(!mustWrite)) !== 'done') break loop;
          const r = await writeHead(range, true, 'head');
          if (typeof r !== 'number') break loop;
          finishHead(r);
          break;
        }
        case 'notes-first': {
          if (heads === 0 && notes === 0) {
            if ((await writeNote(false)) !== 'done') break loop;
            notes++;
            continue;
          }
          const kind: LineKind = heads === 0 && notes < plan.candidates.length ? 'note-or-head' : 'head';
          const r = await writeHead(range, mustWrite, kind);
          if (typeof r === 'object') {
            if ((await writeNote(false, r.note)) !== 'done') break loop;
            notes++;
            continue;
          }
          if (typeof r !== 'number') break loop;
          finishHead(r);
          break;
        }
      }
    }
  } finally {
    samplers.dispose();
  }
  return { tokens: generated, stoppedBy, steps, confidence };
}
