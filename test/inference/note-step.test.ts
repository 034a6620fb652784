/**
 * note-step.ts on the tiny fixture model with real node-llama-cpp: note lines written a token at a
 * time by noteStep (the chain's greedy token checked alone, else its top k walked, else the
 * grammar, all on one decode per token) are the tokens node-llama-cpp's own grammar sampler writes
 * (`evaluate` with the note grammar and no bias), for labels of ASCII and of other scripts, an
 * optional note, and a length limit short enough that tokens get refused for being too long. Each
 * way is taken somewhere, so each is compared. It relies on node-llama-cpp 3.21.1's internal
 * `_bindings.AddonSampler` grammar checks and the same-logits internals: a later version that
 * changes them fails here, loudly.
 */
import { describe, expect, it } from 'vitest';
import { LlamaGrammarEvaluationState, type Token } from 'node-llama-cpp';
import { buildNoteGrammar, noteLinePrefix } from '../../shared/profiles/constrained';
import type { OutputSettings } from '../../shared/profiles/schema';
import { noteLineBias } from '../../electron/services/inference/completers/local/note-line-bias';
import { noteStep, type NoteStepWay } from '../../electron/services/inference/completers/local/note-step';
import { repeatPenaltyOver } from '../../electron/services/inference/completers/local/repeat-penalty';
import { mobyDickOpening } from './tiny-profiles';
import { readNoteLine, useTinyModel } from './tiny-model';

const tiny = useTinyModel();

const settingsWith = (label: string, maxNoteChars: number) =>
  ({
    notes: 'summary',
    noteLayout: 'labelled',
    noteLabels: [label],
    layout: 'interleaved',
    constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars, scope: 'all' },
  }) as unknown as OutputSettings;

/** `lines` note lines after the prompt, each from a fresh grammar state, written either way; with the ways noteStep took. */
async function writeLines(settings: OutputSettings, optional: boolean, lines: number, byNoteStep: boolean) {
  const grammar = await tiny.llama.createGrammar({ grammar: buildNoteGrammar(settings, { optional }) });
  const bias = noteLineBias(tiny.model, tiny.vocab, noteLinePrefix(settings));
  const prompt = tiny.model.tokenize(mobyDickOpening(400));
  const sequence = tiny.context.getSequence();
  const generated: Token[] = [];
  const repeatPenalty = repeatPenaltyOver({ repeatPenalty: 1.1, repeatPenaltyLastTokens: 64 } as never, prompt, generated);
  const out: Token[][] = [];
  const ways: Record<NoteStepWay, number> = { greedy: 0, 'top-k': 0, grammar: 0 };
  try {
    await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(0, -1));
    let pending: Token[] = [prompt.at(-1)!];
    for (let line = 0; line < lines; line++) {
      const grammarEvaluationState = new LlamaGrammarEvaluationState({ model: tiny.model, grammar });
      const tokens: Token[] = [];
      const push = (t: Token) => {
        tokens.push(t);
        generated.push(t);
        pending = [t];
      };
      if (byNoteStep) {
        for (let first = true; tokens.length < 200; first = false) {
          const tokenBias = bias && (first && optional ? bias.withEnd : bias.withoutEnd);
          const r = await noteStep({ model: tiny.model, sequence, pending, grammarEvaluationState, repeatPenalty, tokenBias, isEog: (t) => tiny.vocab.eog.has(t) });
          ways[r.way]++;
          if (r.token === null || tiny.vocab.eog.has(r.token)) break;
          push(r.token);
          if (tiny.model.detokenize([r.token]).includes('\n')) break;
        }
      } else {
        const iterator = sequence.evaluate(pending, { temperature: 0, yieldEogToken: true, repeatPenalty, grammarEvaluationState });
        await readNoteLine(tiny, iterator, push, 200);
      }
      out.push(tokens);
    }
  } finally {
    sequence.dispose();
  }
  return { out, ways };
}

describe('noteStep', () => {
  const cases: { name: string; settings: OutputSettings; optional: boolean }[] = [
    { name: 'an ASCII label, a limit of 40 characters', settings: settingsWith('Summary:', 40), optional: false },
    { name: 'an optional note, a limit of 12 characters', settings: settingsWith('Summary:', 12), optional: true },
    { name: 'a label of another script', settings: settingsWith('Zusammenfassung — 要点:', 30), optional: false },
  ];
  const total: Record<NoteStepWay, number> = { greedy: 0, 'top-k': 0, grammar: 0 };
  for (const c of cases) {
    it(`writes the grammar sampler's tokens: ${c.name}`, async () => {
      const grammarLines = await writeLines(c.settings, c.optional, 5, false);
      const stepped = await writeLines(c.settings, c.optional, 5, true);
      expect(grammarLines.out.flat().length).toBeGreaterThan(20);
      expect(stepped.out).toEqual(grammarLines.out);
      for (const w of Object.keys(total) as NoteStepWay[]) total[w] += stepped.ways[w];
    }, 300_000);
  }
  it('took each way somewhere above, so each was compared', () => {
    expect(total.greedy).toBeGreaterThan(0);
    expect(total['top-k']).toBeGreaterThan(0);
  });
});
