/**
 * The note-line part of `npm run bench:trie-bias`: what a note line's token costs against a plain
 * greedy step, written as the trie decoder writes it (trie-decoder.ts, writeNote):
 * - before: the note grammar alone at every token; llama.cpp's sampler matches the whole
 *   vocabulary against it wherever it refuses the chain's greedy token (on the random fixture:
 *   every label step, a first character, the length limit);
 * - now: the label from the trie (note-label.ts, chooseAllowed) while only its own tokens can
 *   continue it, then each token by noteStep (note-step.ts: the chain's greedy token under the
 *   constant bias against tokens no note line allows, note-line-bias.ts, checked alone against the
 *   grammar; else the first the grammar allows of the chain's top k; else the grammar's full
 *   match), and the newline forced where the length limit leaves no other token.
 * Both must write the same tokens; the line says whether they did. Plain steps write as many
 * tokens per line as the grammar did.
 */
import { LlamaGrammarEvaluationState, type Llama, type LlamaContext, type LlamaGrammar, type LlamaModel, type Token } from 'node-llama-cpp';
import { buildNoteGrammar } from '../shared/profiles/constrained';
import type { OutputSettings } from '../shared/profiles/schema';
import { chooseAllowed } from '../electron/services/inference/completers/local/allowed-choice';
import { labelStepTokens } from '../electron/services/inference/completers/local/note-label';
import { noteLimit, noteLineBias } from '../electron/services/inference/completers/local/note-line-bias';
import { noteStep, type NoteStepWay } from '../electron/services/inference/completers/local/note-step';
import { StepSamplers } from '../electron/services/inference/completers/local/same-logits';
import { repeatPenaltyOver } from '../electron/services/inference/completers/local/repeat-penalty';
import type { TokenBytes } from '../electron/services/inference/completers/local/token-bytes';

type Way = 'plain' | 'before' | 'now';

const LABEL = 'Summary: ';
const settings = {
  notes: 'summary',
  noteLayout: 'labelled',
  noteLabels: ['Summary:'],
  layout: 'interleaved',
  constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 120, scope: 'all' },
} as unknown as OutputSettings;

export interface NoteLineFigures {
  lines: number;
  tokens: number;
  msPerToken: Record<Way, number>;
  identical: boolean;
  biasSize: number;
  /** How noteStep found the text's tokens (the label's are the trie's). */
  ways: Record<NoteStepWay, number>;
}

/** `lines` note lines after the prompt, each way. */
export async function measureNoteLines(llama: Llama, model: LlamaModel, context: LlamaContext, vocab: TokenBytes, prompt: readonly Token[], lines: number): Promise<NoteLineFigures> {
  const grammars = new Map<string, LlamaGrammar>();
  const grammar = async (written: string) => {
    const text = buildNoteGrammar(settings, { optional: false, written });
    if (!grammars.has(text)) grammars.set(text, await llama.createGrammar({ grammar: text }));
    return grammars.get(text)!;
  };
  const bias = noteLineBias(model, vocab, LABEL)!.withoutEnd;
  const written: Partial<Record<Way, Token[][]>> = {};
  const ways: Record<NoteStepWay, number> = { greedy: 0, 'top-k': 0, grammar: 0 };
  const run = async (way: Way, lengths?: number[]) => {
    const sequence = context.getSequence();
    // Kept across the run's steps, as the trie decoder keeps them (same-logits.ts).
    const samplers = new StepSamplers(sequence);
    const generated: Token[] = [];
    const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated);
    const out: Token[][] = [];
    let ms = 0;
    try {
      await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
      let pending: Token[] = [prompt.at(-1)!];
      for (let line = 0; line < lines; line++) {
        const tokens: Token[] = [];
        const push = (t: Token, forced: boolean) => {
          tokens.push(t);
          generated.push(t);
          if (forced) pending.push(t);
          else pending = [t];
        };
        const started = performance.now();
        let label = '';
        if (way === 'now') {
          for (let allowed = labelStepTokens(model, vocab, LABEL, label); allowed; allowed = labelStepTokens(model, vocab, LABEL, label)) {
            const forced = allowed.size === 1;
            const t = forced ? allowed.keys().next().value! : (await chooseAllowed({ model, vocab, sequence, pending, repeatPenalty, samplers }, new Set(allowed.keys()), false)).token!;
            push(t, forced);
            label += allowed.get(t)!;
          }
        }
        const limit = way === 'now' ? noteLimit(settings, LABEL, label, vocab) : null;
        const grammarEvaluationState = way === 'plain' ? undefined : new LlamaGrammarEvaluationState({ model, grammar: await grammar(label) });
        if (way === 'now') {
          // As the trie decoder writes a note's text (trie-decoder.ts, writeNote): noteStep per token.
          for (;;) {
            const r = await noteStep({ model, sequence, pending, grammarEvaluationState: grammarEvaluationState!, repeatPenalty, tokenBias: bias, isEog: (t) => vocab.eog.has(t), samplers });
            ways[r.way]++;
            if (r.token === null || vocab.eog.has(r.token)) break;
            push(r.token, false);
            if (model.detokenize([r.token]).includes('\n') || tokens.length >= 200) break;
            if (limit?.add(vocab.bytesOf[r.token]!)) {
              push(limit.newline, true);
              break;
            }
          }
        } else {
          const iterator = sequence.evaluate(pending, {
            temperature: 0,
            yieldEogToken: true,
            repeatPenalty,
            ...(grammarEvaluationState ? { grammarEvaluationState } : {}),
          });
          try {
            for (;;) {
              if (lengths && tokens.length >= lengths[line]!) break;
              const next = await iterator.next();
              if (next.done || vocab.eog.has(next.value)) break;
              push(next.value, false);
              if (!lengths && (model.detokenize([next.value]).includes('\n') || tokens.length >= 200)) break;
            }
          } finally {
            await iterator.return();
          }
        }
        ms += performance.now() - started;
        out.push(tokens);
      }
    } finally {
      samplers.dispose();
      sequence.dispose();
    }
    written[way] = out;
    return { ms, tokens: out.reduce((n, l) => n + l.length, 0) };
  };
  const before = await run('before');
  const now = await run('now');
  const lengths = written.before!.map((l) => Math.max(1, l.length));
  const p = await run('plain', lengths);
  const p2 = await run('plain', lengths);
  return {
    lines,
    tokens: before.tokens,
    msPerToken: { plain: (p.ms + p2.ms) / (p.tokens + p2.tokens), before: before.ms / before.tokens, now: now.ms / now.tokens },
    identical: JSON.stringify(written.before) === JSON.stringify(written.now),
    biasSize: (bias as unknown as { _biases: Map<Token, number> })._biases.size,
    ways,
  };
}
